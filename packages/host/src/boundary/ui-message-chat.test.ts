import type { Tool } from "@langchain-mini/core";
import { ScriptedLlm } from "@langchain-mini/core/testing";
import { InMemorySessionStore } from "@langchain-mini/memory";
import { afterEach, describe, expect, it } from "vitest";
import type { Host } from "../create-host.js";
import { type ChatServer, startChatServer } from "../test-support/chat-server.js";
import { TestChat } from "../test-support/test-chat.js";
import { act, answer, openTestSession, TEST_KEY } from "../test-support/ui-stream.js";
import { parseChatRequest } from "./chat-request.js";

// The AI SDK's own chat (what `useChat` runs) with its DefaultChatTransport, against a
// local server that parses its requests and streams runs through the translator: the
// page's whole approval round trip, unchanged.

const hosts: Host[] = [];
const servers: ChatServer[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => server.close()));
  await Promise.all(hosts.splice(0).map((host) => host.close()));
});

function sender() {
  const sent: string[] = [];
  const tool: Tool = {
    name: "send",
    description: "sends a message",
    needsApproval: true,
    execute: (input) => {
      sent.push(input);
      return `sent ${input} with ${TEST_KEY}`;
    },
  };
  return { tool, sent };
}

async function chatWith(llm: ScriptedLlm, tool: Tool, agent = "react") {
  const store = new InMemorySessionStore();
  const session = await openTestSession(hosts, llm, [tool], { store, agent });
  const server = await startChatServer(session);
  servers.push(server);
  return { server, chat: new TestChat(server.api) };
}

describe("useChat's chat against the UI message stream", () => {
  it("asks, waits for the approval, and goes on in the same message once approved", async () => {
    const { tool, sent } = sender();
    const llm = new ScriptedLlm([act("send", "hello"), answer("I said hello.")], { chunkSize: 5 });
    const { server, chat } = await chatWith(llm, tool);

    await chat.sendMessage({ text: "Say hello" });
    const [user, asked] = chat.messages;
    expect(server.bodies[0]).toEqual({
      id: chat.id,
      messages: [{ id: user?.id, role: "user", parts: [{ type: "text", text: "Say hello" }] }],
      trigger: "submit-message",
    });
    expect(parseChatRequest(server.bodies[0])).toEqual({ chat: chat.id, question: "Say hello" });
    expect(chat.status).toBe("ready");
    const runId = asked?.id ?? "";
    const approvalId = `${runId}:1`;
    expect(asked?.parts.at(-1)).toMatchObject({
      type: "dynamic-tool",
      toolName: "send",
      input: "hello",
      state: "approval-requested",
      approval: { id: approvalId },
    });
    expect(sent).toEqual([]);

    const finished = chat.finished();
    await chat.addToolApprovalResponse({ id: approvalId, approved: true });
    await finished;
    expect(server.bodies[1]).toMatchObject({
      id: chat.id,
      trigger: "submit-message",
      messageId: runId,
      messages: [{ role: "user" }, { id: runId, role: "assistant" }],
    });
    expect(parseChatRequest(server.bodies[1])).toEqual({
      chat: chat.id,
      decision: { runId, step: 1, approved: true, messageId: runId },
    });
    expect(sent).toEqual(["hello"]);
    expect(chat.error).toBeUndefined();
    expect(chat.messages).toHaveLength(2);
    expect(chat.messages[1]).toMatchObject({
      id: runId,
      metadata: { runId, status: "answered" },
      parts: [
        { type: "step-start" },
        { type: "reasoning", text: "I will use it." },
        {
          type: "dynamic-tool",
          state: "output-available",
          approval: { id: approvalId, approved: true },
          output: "sent hello with [REDACTED]",
        },
        { type: "step-start" },
        { type: "reasoning", text: "I now know the final answer" },
        { type: "text", text: "I said hello.", state: "done" },
      ],
    });

    // A page that reloads reconnects, and the server replays the run's part: the same message.
    const shown = structuredClone(chat.messages[1]);
    await chat.resumeStream();
    expect(chat.messages).toHaveLength(2);
    expect(chat.messages[1]).toEqual(shown);
  });

  it("tells the model the person's reason when they deny the call", async () => {
    const { tool, sent } = sender();
    const llm = new ScriptedLlm([act("send", "hello"), answer("I did not send it.")]);
    const { server, chat } = await chatWith(llm, tool);
    await chat.sendMessage({ text: "Say hello" });
    const approvalId = `${chat.lastMessage?.id}:1`;

    const finished = chat.finished();
    await chat.addToolApprovalResponse({ id: approvalId, approved: false, reason: "Not today." });
    await finished;
    expect(parseChatRequest(server.bodies[1])).toMatchObject({
      decision: { approved: false, note: "Not today." },
    });
    expect(sent).toEqual([]);
    expect(llm.calls[1]?.prompt).toContain("They said: Not today.");
    expect(chat.messages).toHaveLength(2);
    expect(chat.lastMessage?.parts).toMatchObject([
      { type: "step-start" },
      { type: "reasoning" },
      {
        type: "dynamic-tool",
        state: "output-denied",
        approval: { approved: false, reason: "Not today." },
      },
      { type: "step-start" },
      { type: "reasoning" },
      { type: "text", text: "I did not send it." },
    ]);
  });

  it("goes on in the same message through each of a step's calls that waits for approval", async () => {
    const { tool, sent } = sender();
    const calls = [
      { name: "send", arguments: { input: "to Ada" } },
      { name: "send", arguments: { input: "to Grace" } },
    ];
    const llm = new ScriptedLlm([{ text: "Sending both.", toolCalls: calls }, "Both are sent."]);
    const { server, chat } = await chatWith(llm, tool, "tools");
    await chat.sendMessage({ text: "Greet Ada and Grace" });
    const runId = chat.lastMessage?.id ?? "";
    for (const [index, approvalId] of [`${runId}:1`, `${runId}:1:2`].entries()) {
      expect(chat.lastMessage?.parts.at(-1)).toMatchObject({
        state: "approval-requested",
        approval: { id: approvalId },
      });
      const finished = chat.finished();
      await chat.addToolApprovalResponse({ id: approvalId, approved: true });
      await finished;
      expect(parseChatRequest(server.bodies.at(-1))).toMatchObject({
        decision: { runId, step: 1, approved: true },
      });
      expect(sent).toHaveLength(index + 1);
    }
    expect(sent).toEqual(["to Ada", "to Grace"]);
    expect(chat.error).toBeUndefined();
    expect(chat.messages).toHaveLength(2);
    expect(chat.lastMessage?.parts).toMatchObject([
      { type: "step-start" },
      { type: "text", text: "Sending both." },
      {
        type: "dynamic-tool",
        toolCallId: `${runId}:1`,
        input: "to Ada",
        state: "output-available",
      },
      {
        type: "dynamic-tool",
        toolCallId: `${runId}:1:2`,
        input: "to Grace",
        state: "output-available",
      },
      { type: "step-start" },
      { type: "text", text: "Both are sent." },
    ]);
  });

  it("shows the server's one-line reason when it refuses a chat id", async () => {
    const { tool } = sender();
    const session = await openTestSession(hosts, new ScriptedLlm([]), [tool]);
    const server = await startChatServer(session);
    servers.push(server);
    const chat = new TestChat(server.api, { id: "../../etc/passwd" });
    await chat.sendMessage({ text: "hello" });
    expect(chat.status).toBe("error");
    expect(JSON.parse(chat.error?.message ?? "{}")).toEqual({
      error: {
        code: "bad_request",
        message:
          "The chat id '../../etc/passwd' is not a session name: use up to 64 letters, digits, '.', '_' and '-', starting with a letter or digit",
      },
    });
  });
});
