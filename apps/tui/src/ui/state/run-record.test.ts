import type { AgentEvent } from "@langchain-mini/core";
import type { Key } from "ink";
import { describe, expect, it } from "vitest";
import { inspectorIntent } from "./inspector-keys.js";
import { EMPTY_RECORD, type RunRecord, recordRun } from "./run-record.js";

const batch = (record: RunRecord, ...events: AgentEvent[]) =>
  recordRun(record, { type: "agent-events", events, now: 0 });
const usage = { inputTokens: 10, outputTokens: 2 };

describe("recordRun", () => {
  it("keeps each call's prompt and streamed completion, and summarises the run once it ends", () => {
    let record = recordRun(EMPTY_RECORD, { type: "submitted", question: "q", maxSteps: 5, now: 0 });
    record = batch(
      record,
      { type: "llm-start", step: 0, purpose: "rewrite", prompt: "Rephrase: q" },
      {
        type: "llm-end",
        step: 0,
        purpose: "rewrite",
        completion: "q?",
        reason: "stop",
        usage,
        durationMs: 5,
      },
      { type: "llm-start", step: 1, prompt: "Question: q?\nThought:" },
      { type: "llm-delta", step: 1, text: " Fi" },
      { type: "llm-delta", step: 1, text: "nal" },
    );
    expect(
      record.calls.map((call) => [call.step, call.prompt, call.completion, call.done]),
    ).toEqual([
      [0, "Rephrase: q", "q?", true],
      [1, "Question: q?\nThought:", " Final", false],
    ]);
    expect(record.events.some((event) => event.type === "llm-delta")).toBe(false);
    expect(record.ended).toBe(false);

    record = batch(
      record,
      {
        type: "llm-end",
        step: 1,
        completion: " Final Answer: a",
        reason: "stop",
        usage,
        durationMs: 20,
      },
      {
        type: "run-end",
        result: {
          status: "answered",
          answer: "a",
          question: "q?",
          steps: [],
          usage: { inputTokens: 20, outputTokens: 4 },
          llmCalls: 2,
          durationMs: 40,
        },
      },
    );
    expect(record.calls[1]?.completion).toBe(" Final Answer: a");
    expect(record.ended).toBe(true);
    expect(record.summary).toMatchObject({
      llmCalls: 2,
      usage: { inputTokens: 20, outputTokens: 4 },
      wallMs: 40,
      llmMs: 25,
      frameworkMs: 15,
    });
  });

  it("marks the call after a compaction with what the compaction did, and its summary call as such", () => {
    const record = batch(
      EMPTY_RECORD,
      { type: "llm-start", step: 9, purpose: "compaction", prompt: "Fold the steps" },
      {
        type: "llm-end",
        step: 9,
        purpose: "compaction",
        completion: "s",
        reason: "stop",
        durationMs: 1,
      },
      {
        type: "compaction",
        step: 9,
        reason: "provider",
        cleared: 2,
        summarised: 5,
        tokensBefore: 7_000,
        tokensAfter: 1_500,
        window: 8_192,
      },
      { type: "llm-start", step: 9, prompt: "Question: q\nThought: (Steps 1 to 5 …" },
    );
    expect(record.calls.map((call) => [call.step, call.purpose, call.compacted])).toEqual([
      [9, "compaction", undefined],
      [
        9,
        undefined,
        "before step 9, the model refused the prompt as too long: cleared 2 tool results and summarised 5 steps (about 7,000 → 1,500 tokens)",
      ],
    ]);
  });

  it("records nothing a cancelled run still sends, and starts afresh with the next question", () => {
    let record = batch(EMPTY_RECORD, { type: "llm-start", step: 1, prompt: "p" });
    record = recordRun(record, { type: "cancelled", now: 0 });
    record = batch(record, { type: "llm-delta", step: 1, text: "late" });
    expect(record.calls[0]?.completion).toBe("");
    record = recordRun(record, { type: "submitted", question: "next", maxSteps: 5, now: 0 });
    expect(record.calls).toEqual([]);
  });
});

const key = (overrides: Partial<Key> = {}) => ({ ...overrides }) as Key;

describe("inspectorIntent", () => {
  it("opens on Ctrl+P only, and leaves every other key to the app while closed", () => {
    expect(inspectorIntent("p", key({ ctrl: true }), false)).toEqual({ type: "toggle" });
    expect(inspectorIntent("p", key(), false)).toEqual({ type: "pass" });
    expect(inspectorIntent("", key({ escape: true }), false)).toEqual({ type: "pass" });
  });

  it("while open: moves between calls, scrolls, closes, lets Ctrl+C quit and swallows the rest", () => {
    expect(inspectorIntent("", key({ leftArrow: true }), true)).toEqual({
      type: "call",
      direction: -1,
    });
    expect(inspectorIntent("]", key(), true)).toEqual({ type: "call", direction: 1 });
    expect(inspectorIntent("", key({ downArrow: true }), true)).toMatchObject({
      unit: "row",
      by: 1,
    });
    expect(inspectorIntent("", key({ pageUp: true }), true)).toMatchObject({
      unit: "page",
      by: -1,
    });
    expect(inspectorIntent("", key({ end: true }), true)).toEqual({ type: "edge", to: "bottom" });
    expect(inspectorIntent("", key({ escape: true }), true)).toEqual({ type: "close" });
    expect(inspectorIntent("c", key({ ctrl: true }), true)).toEqual({ type: "pass" });
    expect(inspectorIntent("x", key(), true)).toEqual({ type: "ignore" });
  });
});
