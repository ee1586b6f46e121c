import { readFileSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import type { WireEvent } from "@langchain-mini/host";

const usage = { inputTokens: 120, outputTokens: 30 };
const failure = { code: "llm_server", message: "The model went away" } as const;

/** A run that failed: its LLM call broke, then the error event. */
const FAILED: readonly WireEvent[] = [
  {
    type: "run-start",
    runId: "run-0",
    question: "What went wrong?",
    tools: ["calculator"],
    maxSteps: 15,
    provider: "script",
    model: "scripted",
  },
  { type: "llm-start", step: 1, prompt: "Question: What went wrong?\nThought:" },
  { type: "llm-end", step: 1, completion: "", reason: "other", durationMs: 5, error: failure },
  { type: "error", error: failure },
  {
    type: "run-end",
    result: {
      status: "failed",
      question: "What went wrong?",
      steps: [],
      usage: { inputTokens: 0, outputTokens: 0 },
      llmCalls: 1,
      durationMs: 5,
      error: failure,
    },
  },
];

/**
 * A follow-up that was rewritten, took a format error, then a tool call that waited for
 * approval (approved for good, declined with a note, and declined unasked), and answered.
 */
const ANSWERED: readonly WireEvent[] = [
  {
    type: "run-start",
    runId: "run-1",
    question: "And times 2?",
    tools: ["calculator", "files__write_file"],
    maxSteps: 15,
    provider: "script",
    model: "scripted",
  },
  { type: "warning", message: "search is left out of this run's tools" },
  { type: "log", source: 'MCP server "files"', message: "server started" },
  { type: "llm-start", step: 0, purpose: "rewrite", prompt: "Rephrase: And times 2?" },
  { type: "llm-delta", step: 0, purpose: "rewrite", text: "What is 1517 times 2?" },
  {
    type: "llm-end",
    step: 0,
    purpose: "rewrite",
    completion: "What is 1517 times 2?",
    reason: "stop",
    usage,
    durationMs: 20,
  },
  { type: "standalone-question", original: "And times 2?", question: "What is 1517 times 2?" },
  { type: "llm-start", step: 1, prompt: "Question: What is 1517 times 2?\nThought:" },
  { type: "llm-delta", step: 1, text: " I will multiply." },
  { type: "llm-end", step: 1, completion: " I will multiply.", reason: "stop", durationMs: 9 },
  { type: "parse-error", step: 1, message: "Missing 'Action:'", completion: " I will multiply." },
  {
    type: "llm-start",
    step: 2,
    appended: " I will multiply.\nObservation: Missing 'Action:'\nThought:",
  },
  {
    type: "llm-end",
    step: 2,
    completion: " I will multiply.\nAction: calculator\nAction Input: 1517*2",
    reason: "stop",
    usage,
    cost: 0.0004,
    durationMs: 40,
  },
  { type: "action", step: 2, tool: "calculator", input: "1517*2", thought: "I will multiply." },
  {
    type: "approval",
    step: 2,
    tool: "calculator",
    input: "1517*2",
    decision: "approved",
    asked: true,
    always: true,
  },
  {
    type: "approval",
    step: 2,
    tool: "files__write_file",
    input: '{"path": "b.txt"}',
    origin: 'MCP server "files"',
    decision: "declined",
    asked: true,
    note: "not b.txt",
  },
  {
    type: "approval",
    step: 2,
    tool: "files__write_file",
    input: "{}",
    decision: "declined",
    asked: false,
  },
  { type: "tool-start", step: 2, tool: "calculator", input: "1517*2" },
  { type: "tool-end", step: 2, tool: "calculator", output: "3034", durationMs: 2 },
  { type: "observation", step: 2, text: "3034" },
  // The prompt would not fit the window: the older steps folded into a summary.
  {
    type: "llm-start",
    step: 3,
    purpose: "compaction",
    prompt: "Fold the new steps into the summary.\nStep 1: I will multiply.\nNew summary:",
  },
  {
    type: "llm-end",
    step: 3,
    purpose: "compaction",
    completion: "Tried to multiply without an action.",
    reason: "stop",
    usage,
    durationMs: 8,
  },
  {
    type: "compaction",
    step: 3,
    reason: "window",
    cleared: 1,
    summarised: 1,
    tokensBefore: 6_300,
    tokensAfter: 2_100,
    window: 8_192,
  },
  // The run was killed here and taken up again from its journal (runs resume).
  { type: "resumed", replayedCalls: 3 },
  {
    type: "llm-start",
    step: 3,
    prompt:
      "Question: What is 1517 times 2?\nThought: (Steps 1 to 1 are summarised here to save room.)\nTried to multiply without an action.\nThought: I will multiply.\nAction: calculator\nAction Input: 1517*2\nObservation: 3034\nThought:",
  },
  {
    type: "llm-end",
    step: 3,
    completion: " I now know the final answer.\nFinal Answer: It is 3034.",
    reason: "stop",
    usage,
    durationMs: 30,
  },
  { type: "final-answer", step: 3, answer: "It is 3034.", thought: "I now know the final answer." },
  {
    type: "run-end",
    result: {
      status: "answered",
      answer: "It is 3034.",
      question: "What is 1517 times 2?",
      steps: [],
      usage: { inputTokens: 360, outputTokens: 90 },
      llmCalls: 4,
      durationMs: 120,
    },
  },
];

/** The event types of core's union, as its source spells them. */
export function eventTypesOfCore(): string[] {
  const events = resolve(import.meta.dirname, "../../../../packages/core/src/contracts/events.ts");
  const source = readFileSync(events, "utf8");
  const union = source.slice(source.indexOf("export type AgentEvent ="));
  return [...union.matchAll(/readonly type: "([^"]+)"/g)].map((match) => match[1] ?? "").sort();
}

/** The failed run, then the answered one; a few ms apart. Every event type is in one of them. */
export function everyEventLines(): (WireEvent & { timeMs: number })[] {
  return [...FAILED, ...ANSWERED].map((event, index) => ({ ...event, timeMs: index * 3 }));
}

/** The completions a replay --as-script gives back: every call that did not fail. */
export const EVERY_EVENT_COMPLETIONS = [...FAILED, ...ANSWERED].flatMap((event) =>
  event.type === "llm-end" && !event.error ? [event.completion] : [],
);

/** Writes the trace into `directory` and returns its path. */
export function writeEveryEventTrace(directory: string) {
  const path = join(directory, "every-event.jsonl");
  writeFileSync(
    path,
    everyEventLines()
      .map((line) => `${JSON.stringify(line)}\n`)
      .join(""),
  );
  return path;
}
