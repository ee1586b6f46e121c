import { LangchainMiniError, type Tool } from "@langchain-mini/core";
import { HOSTILE_TEXTS, ScriptedLlm } from "@langchain-mini/core/testing";
import { InMemorySessionStore } from "@langchain-mini/memory";
import type { UIMessage, UIMessageChunk } from "ai";
import { afterEach, describe, expect, it } from "vitest";
import type { Host } from "../create-host.js";
import {
  act,
  answer,
  openTestSession,
  readUiMessage,
  recordRun,
  TEST_KEY,
  translate,
} from "../test-support/ui-stream.js";
import type { UiMessageChunk } from "./ui-message-chunk.js";
import { createUiMessageTranslator } from "./ui-message-stream.js";
import type { WireEvent } from "./wire-event.js";

// Real runs (a scripted model, real tools, the host's output boundary) go through the
// translator and the SSE text, and are read back with the AI SDK's own parser and reader:
// the message a page using `useChat` would hold.

const hosts: Host[] = [];
afterEach(async () => {
  await Promise.all(hosts.splice(0).map((host) => host.close()));
});

/** Every chunk we send is one the AI SDK's types accept (checked when typechecking). */
const asAiChunk = (chunk: UiMessageChunk): UIMessageChunk => chunk;

const lookup: Tool = {
  name: "lookup",
  description: "looks a city up",
  execute: (input) => `${input} has 2,102,650 people`,
};

/** What each event of a run gave, by the event's type, for checking what streamed live. */
function chunksOf(events: readonly WireEvent[], chunks: readonly UiMessageChunk[][], type: string) {
  return chunks.filter((_, index) => events[index]?.type === type).flat();
}

const deltas = (chunks: readonly UiMessageChunk[]) =>
  chunks.flatMap((chunk) => (chunk.type === "text-delta" ? [chunk.delta] : []));

describe("a run as the AI SDK's UI message stream", () => {
  it("shows a ReAct run: thoughts as reasoning, the tool call, and the answer streamed as it comes", async () => {
    const llm = new ScriptedLlm(
      [
        act("lookup", "Paris", "I should look the city up."),
        answer("Paris has 2,102,650 people.\nThat is the 2023 census.\nSource: INSEE."),
      ],
      { chunkSize: 3 },
    );
    const session = await openTestSession(hosts, llm, [lookup]);
    const run = await recordRun((onWire) =>
      session.ask("How many people live in Paris?", { onWire }),
    );
    const { chunks, sse } = translate(run.events);
    const read = await readUiMessage(sse);

    expect(read.errors).toEqual([]);
    expect(read.message).toMatchObject({
      id: run.runId,
      role: "assistant",
      metadata: {
        runId: run.runId,
        model: "script:scripted",
        status: "answered",
        usage: run.result.usage,
      },
      parts: [
        { type: "step-start" },
        { type: "reasoning", text: "I should look the city up.", state: "done" },
        {
          type: "dynamic-tool",
          toolName: "lookup",
          toolCallId: `${run.runId}:1`,
          state: "output-available",
          input: "Paris",
          output: "Paris has 2,102,650 people",
        },
        { type: "step-start" },
        { type: "reasoning", text: "I now know the final answer", state: "done" },
        { type: "text", text: run.result.answer, state: "done" },
      ],
    });
    // The answer's complete lines went out while the model was still writing.
    expect(deltas(chunksOf(run.events, chunks, "llm-delta")).join("")).toBe(
      "Paris has 2,102,650 people.\nThat is the 2023 census.",
    );
    expect(read.chunks.at(-1)).toMatchObject({ type: "finish", finishReason: "stop" });
    chunks.flat().map(asAiChunk);
    // The events a front end iterates (whole prompts) make the same message.
    expect((await readUiMessage(translate(run.shown).sse)).message).toEqual(read.message);
  });

  it("shows a tools-mode run: the model's words as text, typed input as its object, text input as a string", async () => {
    const order: Tool<{ id: number }> = {
      name: "order",
      description: "Finds an order.",
      inputSchema: {
        type: "object",
        properties: { id: { type: "integer" } },
        required: ["id"],
      },
      execute: (input) => `order ${input.id} left on Monday`,
    };
    const echo: Tool = { name: "echo", description: "repeats", execute: (input) => input };
    const llm = new ScriptedLlm(
      [
        {
          text: "  Let me check both.  ",
          toolCalls: [
            { name: "order", arguments: { id: 7 } },
            { name: "echo", arguments: { input: "hi" } },
          ],
        },
        "\nOrder 7 left on Monday.\n",
      ],
      { chunkSize: 4 },
    );
    const session = await openTestSession(hosts, llm, [order as Tool<unknown>, echo], {
      agent: "tools",
    });
    const run = await recordRun((onWire) => session.ask("Where is order 7?", { onWire }));
    const { chunks, sse } = translate(run.events);
    const read = await readUiMessage(sse);

    expect(read.errors).toEqual([]);
    expect(read.message?.parts).toMatchObject([
      { type: "step-start" },
      { type: "text", text: "Let me check both.", state: "done" },
      {
        type: "dynamic-tool",
        toolName: "order",
        toolCallId: `${run.runId}:1`,
        input: { id: 7 },
        output: "order 7 left on Monday",
        state: "output-available",
      },
      {
        type: "dynamic-tool",
        toolName: "echo",
        toolCallId: `${run.runId}:1:2`,
        input: "hi",
        output: "hi",
        state: "output-available",
      },
      { type: "step-start" },
      { type: "text", text: "Order 7 left on Monday.", state: "done" },
    ]);
    // Both texts streamed live, trimmed as the parsed events have them.
    expect(deltas(chunksOf(run.events, chunks, "llm-delta")).join("")).toBe(
      "Let me check both.Order 7 left on Monday.",
    );
  });

  it("asks for an approval when the run pauses, and the continued part answers in the same message", async () => {
    const store = new InMemorySessionStore();
    const sent: string[] = [];
    const send: Tool = {
      name: "send",
      description: "sends a message",
      needsApproval: true,
      execute: (input) => {
        sent.push(input);
        return `sent ${input} with ${TEST_KEY}`;
      },
    };
    const first = await openTestSession(hosts, new ScriptedLlm([act("send", "hello")]), [send], {
      store,
    });
    const paused = await recordRun((onWire) => first.ask("Say hello", { onWire }));
    expect(paused.result.status).toBe("paused");
    const asked = await readUiMessage(translate(paused.events).sse);
    expect(asked.errors).toEqual([]);
    expect(asked.chunks.at(-1)).toMatchObject({ type: "finish", finishReason: "tool-calls" });
    const approvalId = `${paused.runId}:1`;
    expect(asked.message?.parts.at(-1)).toMatchObject({
      type: "dynamic-tool",
      toolName: "send",
      state: "approval-requested",
      input: "hello",
      approval: { id: approvalId },
    });

    // What the page holds once the person approves (the Chat's addToolApprovalResponse).
    const approvedMessage = respond(asked.message as UIMessage, approvalId, true);
    const other = await openTestSession(hosts, new ScriptedLlm([answer("said hello")]), [send], {
      store,
    });
    const resumed = await recordRun((onWire) =>
      other.resume(paused.runId, { decision: { approved: true }, onWire }),
    );
    const continued = await readUiMessage(
      translate(resumed.events, { continues: true, messageId: approvedMessage.id }).sse,
      approvedMessage,
    );
    expect(continued.errors).toEqual([]);
    expect(sent).toEqual(["hello"]);
    expect(continued.message?.id).toBe(paused.runId);
    expect(continued.message?.parts).toMatchObject([
      { type: "step-start" },
      { type: "reasoning", text: "I will use it." },
      {
        type: "dynamic-tool",
        toolName: "send",
        state: "output-available",
        approval: { id: approvalId, approved: true },
        output: "sent hello with [REDACTED]",
      },
      { type: "step-start" },
      { type: "reasoning", text: "I now know the final answer" },
      { type: "text", text: "said hello" },
    ]);
    expect(JSON.stringify(continued.chunks)).not.toContain(TEST_KEY);

    // A reconnecting page gets the resumed part from its start: the whole message again.
    const replayed = await readUiMessage(translate(resumed.events).sse);
    expect(replayed.errors).toEqual([]);
    expect(replayed.message).toEqual(continued.message);
  });

  it("shows a failed run's error as code and message, and a cancelled run as aborted", async () => {
    const failing = new ScriptedLlm([
      act("lookup", "Paris"),
      { error: new LangchainMiniError("llm_server", "The model's server failed: try again") },
    ]);
    const session = await openTestSession(hosts, failing, [lookup]);
    const failed = await recordRun((onWire) => session.ask("How many?", { onWire }));
    const read = await readUiMessage(translate(failed.events).sse);
    expect(read.errors).toEqual(["llm_server: The model's server failed: try again"]);
    expect(read.message?.parts.filter((part) => part.type === "dynamic-tool")).toMatchObject([
      { state: "output-available", output: "Paris has 2,102,650 people" },
    ]);
    expect(read.message?.metadata).toMatchObject({ status: "failed" });

    // A model slower than the test's own limit: only the cancellation can end the run.
    const slow = new ScriptedLlm([answer("too late")], { latencyMs: 600_000 });
    const waiting = await openTestSession(hosts, slow, [lookup]);
    const controller = new AbortController();
    const cancelled = await recordRun((onWire) =>
      waiting.ask("How many?", {
        signal: controller.signal,
        onWire: (event) => {
          onWire(event);
          if (event.type === "llm-start") controller.abort();
        },
      }),
    );
    const stopped = await readUiMessage(translate(cancelled.events).sse);
    expect(stopped.errors).toEqual([]);
    expect(stopped.chunks.at(-1)).toMatchObject({ type: "abort" });
    expect(stopped.message?.metadata).toMatchObject({ status: "aborted" });
  });

  it("does not show memory's own calls", async () => {
    const store = new InMemorySessionStore();
    const llm = new ScriptedLlm([
      answer("Paris is the capital of France."),
      "What is the population of Paris?",
      answer("About two million."),
    ]);
    const session = await openTestSession(hosts, llm, [lookup], { store, session: "geo" });
    await recordRun((onWire) => session.ask("What is the capital of France?", { onWire }));
    const second = await recordRun((onWire) => session.ask("And its population?", { onWire }));
    expect(second.events.some((event) => event.type === "llm-start" && event.purpose)).toBe(true);
    const read = await readUiMessage(translate(second.events).sse);
    expect(read.message?.parts).toMatchObject([
      { type: "step-start" },
      { type: "reasoning", text: "I now know the final answer" },
      { type: "text", text: "About two million." },
    ]);
  });

  it("passes hostile text through as data, for the page to draw as text", async () => {
    const hostile = [
      "<img src=x onerror=alert(1)></script><script>alert(2)</script>",
      "data: [DONE]\n\nid: 99",
      "line\u2028separator",
      ...HOSTILE_TEXTS.map((entry) => entry.text),
    ].join(" | ");
    const llm = new ScriptedLlm([
      act("__proto__", hostile),
      act("constructor", "x"),
      answer(hostile),
    ]);
    const session = await openTestSession(hosts, llm, [lookup]);
    const run = await recordRun((onWire) => session.ask("Say something", { onWire }));
    const { sse } = translate(run.events);
    // Every line of the body is a field of ours: the text never starts a line (an SSE
    // reader breaks lines at CR too; U+2028 is no line break to it).
    expect(sse).not.toContain("\r");
    for (const line of sse.split("\n")) {
      expect(line).toMatch(/^(data: \{.*\}|data: \[DONE\]|id: \d+|)$/s);
    }
    const read = await readUiMessage(sse);
    expect(read.errors).toEqual([]);
    const parts = read.message?.parts ?? [];
    expect(parts.filter((part) => part.type === "dynamic-tool")).toMatchObject([
      { toolName: "__proto__", input: run.events.find((e) => e.type === "action")?.input },
      { toolName: "constructor", input: "x" },
    ]);
    const text = parts.find((part) => part.type === "text");
    expect(text).toMatchObject({ text: run.result.answer });
    expect(run.result.answer).toContain("</script><script>alert(2)</script>");
    expect(run.result.answer).toContain("\u001b[2J");
  });

  it("keeps a model's JSON arguments with prototype keys a string, so the page can read the stream", async () => {
    const typed: Tool<unknown> = {
      name: "typed",
      description: "takes an object",
      inputSchema: { type: "object" },
      execute: () => "done",
    };
    const polluting = '{"__proto__": {"polluted": true}, "constructor": {"prototype": {}}}';
    const llm = new ScriptedLlm([
      { toolCalls: [{ name: "typed", arguments: polluting }] },
      "Done.",
    ]);
    const session = await openTestSession(hosts, llm, [typed], { agent: "tools" });
    const run = await recordRun((onWire) => session.ask("Go", { onWire }));
    const read = await readUiMessage(translate(run.events).sse);
    expect(read.errors).toEqual([]);
    expect(read.message?.parts.find((part) => part.type === "dynamic-tool")).toMatchObject({
      input: polluting,
      state: "output-available",
    });
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it("takes back live text that the parsed step contradicts, and shows the step's own", async () => {
    // As when a key shape is blanked in the answer but was cut across the deltas.
    const events: WireEvent[] = [
      {
        type: "run-start",
        runId: "r1",
        question: "q",
        tools: [],
        maxSteps: 5,
        provider: "script",
        model: "m",
      },
      { type: "llm-start", step: 1, prompt: "prompt" },
      { type: "llm-delta", step: 1, text: " Done\nFinal Answer: the key is sk-live-1\nbye" },
      { type: "final-answer", step: 1, answer: "the key is [secret]\nbye", thought: "Done" },
      {
        type: "run-end",
        result: {
          status: "answered",
          answer: "the key is [secret]\nbye",
          question: "q",
          steps: [],
          usage: { inputTokens: 1, outputTokens: 1 },
          llmCalls: 1,
          durationMs: 1,
        },
      },
    ];
    const { chunks, sse } = translate(events);
    expect(chunks[3]).toContainEqual({ type: "reset-step" });
    const read = await readUiMessage(sse);
    expect(read.message?.parts).toEqual([
      { type: "step-start" },
      expect.objectContaining({ type: "reasoning", text: "Done", state: "done" }),
      expect.objectContaining({ type: "text", text: "the key is [secret]\nbye", state: "done" }),
    ]);
  });

  it("starts the message with the id it is given, the run's id in its metadata; log lines add nothing", () => {
    const translator = createUiMessageTranslator({ messageId: "m1" });
    const start = translator.push({
      type: "run-start",
      runId: "r1",
      question: "q",
      tools: ["lookup"],
      maxSteps: 5,
      provider: "script",
      model: "m",
    });
    expect(start).toEqual([
      { type: "start", messageId: "m1", messageMetadata: { runId: "r1", model: "script:m" } },
    ]);
    translator.push({ type: "llm-start", step: 1, prompt: "p" });
    const action = translator.push({
      type: "action",
      step: 1,
      tool: "lookup",
      input: "Paris",
      thought: "",
    });
    expect(action.map((chunk) => chunk.type)).toEqual(["tool-input-start", "tool-input-available"]);
    expect(translator.push({ type: "log", source: "mcp", message: "hi" })).toEqual([]);
  });
});

/** The message as the Chat makes it when a person answers an approval. */
function respond(message: UIMessage, approvalId: string, approved: boolean): UIMessage {
  return {
    ...message,
    parts: message.parts.map((part) =>
      part.type === "dynamic-tool" &&
      part.state === "approval-requested" &&
      part.approval.id === approvalId
        ? { ...part, state: "approval-responded", approval: { id: approvalId, approved } }
        : part,
    ),
  };
}
