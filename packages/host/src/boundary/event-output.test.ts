import { Agent, type AgentEvent, type Tool, ToolCallingAgent } from "@langchain-mini/core";
import { ScriptedLlm } from "@langchain-mini/core/testing";
import { describe, expect, it } from "vitest";
import { createEventOutput } from "./event-output.js";
import { createSecretMatcher } from "./secrets.js";
import type { WireEvent } from "./wire-event.js";
import { createPromptRebuilder } from "./wire-form.js";

const KEY = "sk-live-0123456789abcdefghijklmnop";
const calculator: Tool = {
  name: "calculator",
  description: "maths",
  execute: (input) => String(input.length),
};

/** Runs events through one output: what the wire consumers and the displays received. */
function through(events: readonly AgentEvent[], secrets = createSecretMatcher([KEY])) {
  const wire: WireEvent[] = [];
  const shown: AgentEvent[] = [];
  const output = createEventOutput({
    secrets,
    wire: [(event) => wire.push(event)],
    display: [(event) => shown.push(event)],
  });
  for (const event of events) output(event);
  return { wire, shown };
}

async function eventsOf(run: AsyncIterable<AgentEvent>) {
  const events: AgentEvent[] = [];
  for await (const event of run) events.push(event);
  return events;
}

type WireLlmStart = Extract<WireEvent, { type: "llm-start" }>;
type AgentLlmStart = Extract<AgentEvent, { type: "llm-start" }>;
function starts(events: readonly WireEvent[]): WireLlmStart[];
function starts(events: readonly AgentEvent[]): AgentLlmStart[];
function starts(events: readonly (AgentEvent | WireEvent)[]) {
  return events.filter((event) => event.type === "llm-start");
}

describe("the output boundary", () => {
  it("writes a ReAct run's later prompts as what they appended, and displays them whole", async () => {
    const replies = [1, 2, 3].map((n) => ` Step ${n}\nAction: calculator\nAction Input: ${n}+${n}`);
    const llm = new ScriptedLlm([...replies, " Done\nFinal Answer: 6"]);
    const events = await eventsOf(new Agent({ llm, tools: [calculator] }).run("Add them"));
    const { wire, shown } = through(events);

    const sent = starts(events);
    const written = starts(wire);
    expect(written[0]).toEqual({ type: "llm-start", step: 1, prompt: llm.calls[0]?.prompt });
    for (const [index, start] of written.entries()) {
      if (index === 0) continue;
      expect(start).toEqual({
        type: "llm-start",
        step: index + 1,
        appended: sent[index]?.appended,
      });
    }
    // Displays see exactly the prompts the model was sent.
    expect(starts(shown).map((start) => start.prompt)).toEqual(
      llm.calls.map((call) => call.prompt),
    );
    // Everything else passes unchanged (no secrets in it).
    expect(wire.filter((event) => event.type !== "llm-start")).toEqual(
      events.filter((event) => event.type !== "llm-start"),
    );
  });

  it("writes a chat run's later calls as their new messages, and displays the whole conversation", async () => {
    const llm = new ScriptedLlm([
      { text: "Let me add.", toolCalls: [{ name: "calculator", arguments: { input: "1+1" } }] },
      { toolCalls: [{ name: "calculator", arguments: { input: "2+2" } }] },
      "It is 4.",
    ]);
    const events = await eventsOf(new ToolCallingAgent({ llm, tools: [calculator] }).run("Add"));
    const { wire, shown } = through(events);

    const written = starts(wire);
    expect(written[0]?.messages).toEqual(llm.calls[0]?.messages);
    expect(written[1]).toEqual({
      type: "llm-start",
      step: 2,
      appendedMessages: llm.calls[1]?.messages?.slice(2),
    });
    expect(written[2]?.appendedMessages).toHaveLength(2);
    expect(starts(shown).map((start) => start.messages)).toEqual(
      llm.calls.map((call) => call.messages),
    );
  });

  it("blanks a key split across two appended pieces of the prompt", () => {
    const { wire, shown } = through([
      { type: "llm-start", step: 1, prompt: `Question: use the key sk-live-0123` },
      { type: "llm-start", step: 2, prompt: "…", appended: "456789abcdefghijklmnop now" },
      { type: "llm-start", step: 3, prompt: "…", appended: "\nThought:" },
    ]);
    // The beginning of the key waits: the first prompt goes out without it.
    expect(starts(wire).map((start) => start.prompt ?? start.appended)).toEqual([
      "Question: use the key ",
      "[REDACTED] now",
      "\nThought:",
    ]);
    expect(starts(shown).map((start) => start.prompt)).toEqual([
      "Question: use the key ",
      "Question: use the key [REDACTED] now",
      "Question: use the key [REDACTED] now\nThought:",
    ]);
  });

  it("blanks a key split across two deltas, and sends what it held back before the call ends", () => {
    const { wire } = through([
      { type: "llm-start", step: 1, prompt: "Q" },
      { type: "llm-delta", step: 1, text: "The key is sk-li" },
      { type: "llm-delta", step: 1, text: "ve-0123456789abcdefghijklmnop, and " },
      { type: "llm-delta", step: 1, text: "Bearer" },
      {
        type: "llm-end",
        step: 1,
        completion: `The key is ${KEY}, and Bearer`,
        reason: "stop",
        durationMs: 1,
      },
    ]);
    expect(wire.slice(1)).toEqual([
      { type: "llm-delta", step: 1, text: "The key is " },
      { type: "llm-delta", step: 1, text: "[REDACTED], and " },
      // "Bearer" could have begun a token: it goes out once the call has ended.
      { type: "llm-delta", step: 1, text: "Bearer" },
      {
        type: "llm-end",
        step: 1,
        completion: "The key is [REDACTED], and Bearer",
        reason: "stop",
        durationMs: 1,
      },
    ]);
  });

  it("blanks every other event's text, nested results included", () => {
    const { wire } = through([
      { type: "tool-end", step: 1, tool: "echo", output: `got ${KEY}`, durationMs: 1 },
      {
        type: "run-end",
        result: {
          status: "answered",
          answer: KEY,
          question: "q",
          steps: [{ tool: "echo", input: KEY, thought: "", observation: "ok" }],
          usage: { inputTokens: 1, outputTokens: 1 },
          llmCalls: 1,
          durationMs: 1,
        },
      },
    ]);
    expect(JSON.stringify(wire)).not.toContain("sk-live");
    expect(JSON.stringify(wire).match(/\[REDACTED\]/g)).toHaveLength(3);
  });

  it("keeps memory's own calls whole and out of the agent's chain of prompts", () => {
    const { wire, shown } = through([
      { type: "llm-start", step: 1, prompt: "Agent prompt" },
      { type: "llm-start", step: 0, purpose: "summary", prompt: "Summarise this" },
      { type: "llm-start", step: 2, prompt: "…", appended: " and more" },
    ]);
    expect(starts(wire)[1]).toEqual({
      type: "llm-start",
      step: 0,
      purpose: "summary",
      prompt: "Summarise this",
    });
    expect(starts(shown).map((start) => start.prompt)).toEqual([
      "Agent prompt",
      "Summarise this",
      "Agent prompt and more",
    ]);
  });
});

describe("rebuilding prompts from the wire form", () => {
  it("reads traces written before the delta form, which carry whole prompts", () => {
    const rebuild = createPromptRebuilder();
    const old: WireEvent[] = [
      { type: "llm-start", step: 1, prompt: "First" },
      { type: "llm-start", step: 2, prompt: "First second", appended: " second" },
      { type: "llm-start", step: 3, prompt: "First second third" },
    ];
    expect(old.map((event) => rebuild(event))).toEqual([
      { type: "llm-start", step: 1, prompt: "First" },
      { type: "llm-start", step: 2, prompt: "First second", appended: " second" },
      { type: "llm-start", step: 3, prompt: "First second third" },
    ]);
  });
});
