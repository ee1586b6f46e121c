import { describe, expect, it } from "vitest";
import { toConversation } from "./contents.js";

describe("messages as Gemini contents", () => {
  it("sends a ReAct prompt as one user turn for the model to continue", () => {
    expect(toConversation({ prompt: "Question: q\nThought:" })).toEqual({
      contents: [{ role: "user", parts: [{ text: "Question: q\nThought:" }] }],
    });
  });

  it("makes system messages the system instruction and the assistant the model", () => {
    const conversation = toConversation({
      messages: [
        { role: "system", content: "Be brief." },
        { role: "user", content: "Hi" },
        { role: "assistant", content: "Hello." },
        { role: "system", content: "Answer in French." },
        { role: "user", content: "Bye" },
      ],
    });
    expect(conversation).toEqual({
      systemInstruction: { parts: [{ text: "Be brief.\n\nAnswer in French." }] },
      contents: [
        { role: "user", parts: [{ text: "Hi" }] },
        { role: "model", parts: [{ text: "Hello." }] },
        { role: "user", parts: [{ text: "Bye" }] },
      ],
    });
  });

  it("keeps a model's arguments that are not a JSON object, and names a result with no call", () => {
    const { contents } = toConversation({
      messages: [
        { role: "user", content: "q" },
        {
          role: "assistant",
          content: "",
          toolCalls: [{ id: "a", name: "calc", arguments: "2+2" }],
        },
        { role: "tool", content: "4", toolCallId: "a" },
        { role: "tool", content: "?", toolCallId: "orphan" },
      ],
    });
    expect(contents.slice(1)).toEqual([
      { role: "model", parts: [{ functionCall: { name: "calc", args: { input: "2+2" } } }] },
      {
        role: "user",
        parts: [
          { functionResponse: { name: "calc", response: { output: "4" } } },
          { functionResponse: { name: "orphan", response: { output: "?" } } },
        ],
      },
    ]);
  });

  it("leaves out an empty assistant turn rather than send a turn with no parts", () => {
    const { contents } = toConversation({
      messages: [
        { role: "user", content: "a" },
        { role: "assistant", content: "" },
        { role: "user", content: "b" },
      ],
    });
    expect(contents).toEqual([{ role: "user", parts: [{ text: "a" }, { text: "b" }] }]);
  });
});
