import { describe, expect, it } from "vitest";
import { toConversation } from "./messages.js";

const call = (id: string, name: string, args: string) => ({ id, name, arguments: args });

describe("chat messages in the Messages API's shape", () => {
  it("puts system messages in `system` and answers parallel calls in one user turn", () => {
    const conversation = toConversation(
      [
        { role: "system", content: "Be brief." },
        { role: "user", content: "both?" },
        {
          role: "assistant",
          content: "",
          toolCalls: [call("t1", "calculator", '{"input":"2+2"}'), call("t2", "search", "{}")],
        },
        { role: "tool", content: "4", toolCallId: "t1" },
        { role: "tool", content: "sunny", toolCallId: "t2" },
        { role: "user", content: "and?" },
      ],
      false,
    );
    expect(conversation.system).toEqual([{ type: "text", text: "Be brief." }]);
    expect(conversation.messages).toEqual([
      { role: "user", content: [{ type: "text", text: "both?" }] },
      {
        role: "assistant",
        content: [
          { type: "tool_use", id: "t1", name: "calculator", input: { input: "2+2" } },
          { type: "tool_use", id: "t2", name: "search", input: {} },
        ],
      },
      {
        role: "user",
        content: [
          { type: "tool_result", tool_use_id: "t1", content: "4" },
          { type: "tool_result", tool_use_id: "t2", content: "sunny" },
          { type: "text", text: "and?" },
        ],
      },
    ]);
  });

  it("sends arguments that are not a JSON object as an object the API accepts", () => {
    const { messages } = toConversation(
      [
        { role: "user", content: "q" },
        {
          role: "assistant",
          content: "",
          toolCalls: [call("a", "x", "2+2 raw"), call("b", "y", '"text"')],
        },
      ],
      false,
    );
    expect(messages[1]?.content).toEqual([
      { type: "tool_use", id: "a", name: "x", input: { input: "2+2 raw" } },
      { type: "tool_use", id: "b", name: "y", input: { input: "text" } },
    ]);
  });

  it("puts a turn's thinking first, and one breakpoint on the newest block", () => {
    const thinking = [{ type: "thinking", thinking: "hm", signature: "s" }] as const;
    const first = { ...call("t1", "x", "{}"), providerData: { anthropic: { thinking } } };
    const { messages } = toConversation(
      [
        { role: "user", content: "q" },
        { role: "assistant", content: "Let me see.", toolCalls: [first] },
        { role: "tool", content: "1", toolCallId: "t1" },
      ],
      true,
    );
    expect(messages[1]?.content).toEqual([
      { type: "thinking", thinking: "hm", signature: "s" },
      { type: "text", text: "Let me see." },
      { type: "tool_use", id: "t1", name: "x", input: {} },
    ]);
    expect(messages[2]?.content).toEqual([
      {
        type: "tool_result",
        tool_use_id: "t1",
        content: "1",
        cache_control: { type: "ephemeral" },
      },
    ]);
    expect(JSON.stringify(messages).split("cache_control").length - 1).toBe(1);
  });

  it("sends no thinking it cannot vouch for: another provider's data, or a malformed block", () => {
    const odd = {
      ...call("t1", "x", "{}"),
      providerData: {
        google: { thoughtSignature: "g" },
        anthropic: {
          thinking: [
            { type: "thinking", thinking: 1 },
            "x",
            null,
            { type: "redacted_thinking", data: "r" },
          ],
        },
      },
    };
    const { messages } = toConversation(
      [
        { role: "user", content: "q" },
        { role: "assistant", content: "", toolCalls: [odd] },
      ],
      false,
    );
    expect(messages[1]?.content).toEqual([
      { type: "redacted_thinking", data: "r" },
      { type: "tool_use", id: "t1", name: "x", input: {} },
    ]);
  });
});
