// What a trace line must hold for replay's renderers to read it. A trace file is user
// input like any other: edited, truncated, or not a trace at all. Each known event type
// lists its fields; a missing or mistyped one is named in the one-line error.

import type { WireEvent } from "../boundary/wire-event.js";

type Check = (value: unknown) => boolean;
type Record_ = Readonly<Record<string, unknown>>;

const isRecord = (value: unknown): value is Record_ =>
  typeof value === "object" && value !== null && !Array.isArray(value);
const string: Check = (value) => typeof value === "string";
const number: Check = (value) => typeof value === "number" && Number.isFinite(value);
const boolean: Check = (value) => typeof value === "boolean";
const optional =
  (check: Check): Check =>
  (value) =>
    value === undefined || check(value);
const oneOf = (...choices: readonly string[]): Check => {
  const allowed = new Set<unknown>(choices);
  return (value) => allowed.has(value);
};
const shape =
  (fields: Readonly<Record<string, Check>>): Check =>
  (value) =>
    isRecord(value) && missingField(value, fields) === undefined;
const listOf =
  (check: Check): Check =>
  (value) =>
    Array.isArray(value) && value.every(check);

const errorInfo = shape({ code: string, message: string });
const usage = shape({ inputTokens: number, outputTokens: number });
const message = shape({ role: oneOf("system", "user", "assistant", "tool"), content: string });
const purpose = optional(oneOf("rewrite", "summary", "compaction"));
const step = number;
const result = shape({
  status: oneOf("answered", "stopped", "failed", "aborted", "paused"),
  answer: optional(string),
  usage,
  llmCalls: number,
  durationMs: number,
  error: optional(errorInfo),
  cost: optional(number),
});

type Fields = Readonly<Record<string, Check>>;

// Every type of the wire form, or this does not compile: a trace the CLI wrote is one it reads.
const FIELDS_BY_TYPE = {
  "run-start": {
    runId: string,
    question: string,
    tools: listOf(string),
    maxSteps: number,
    provider: string,
    model: string,
  },
  "standalone-question": { original: string, question: string },
  warning: { message: string },
  log: { source: string, message: string },
  "llm-start": {
    step,
    purpose,
    prompt: optional(string),
    appended: optional(string),
    messages: optional(listOf(message)),
    appendedMessages: optional(listOf(message)),
  },
  "llm-delta": { step, purpose, text: string },
  "llm-end": {
    step,
    purpose,
    completion: string,
    toolCalls: optional(listOf(shape({ id: string, name: string, arguments: string }))),
    reason: oneOf("stop", "length", "tool-calls", "aborted", "other"),
    usage: optional(usage),
    cost: optional(number),
    durationMs: number,
    error: optional(errorInfo),
  },
  "parse-error": { step, message: string, completion: string },
  action: { step, tool: string, input: string, thought: string, origin: optional(string) },
  approval: {
    step,
    tool: string,
    input: string,
    origin: optional(string),
    decision: oneOf("approved", "declined"),
    asked: boolean,
    always: optional((value) => value === true),
    note: optional(string),
  },
  "tool-start": { step, tool: string, input: string, origin: optional(string) },
  "tool-end": {
    step,
    tool: string,
    origin: optional(string),
    output: string,
    durationMs: number,
    error: optional(errorInfo),
  },
  observation: { step, text: string },
  compaction: {
    step,
    reason: oneOf("window", "provider"),
    cleared: number,
    summarised: number,
    tokensBefore: number,
    tokensAfter: number,
    window: number,
  },
  "final-answer": { step, answer: string, thought: string },
  resumed: { replayedCalls: number },
  error: { error: errorInfo },
  "run-end": { result },
} satisfies Record<WireEvent["type"], Fields>;

// A Map: a line's type is text from a file, and `constructor` must not find Object's.
const EVENT_FIELDS: ReadonlyMap<string, Fields> = new Map(Object.entries(FIELDS_BY_TYPE));

/** Why a parsed line is not a trace event, in a few words; undefined when it is one. */
export function traceLineProblem(value: unknown): string | undefined {
  if (!isRecord(value)) return "it is not a JSON object";
  const { type } = value;
  if (typeof type !== "string") return "it has no event type";
  const fields = EVENT_FIELDS.get(type);
  if (!fields) return `'${type.slice(0, 40)}' is not an event type`;
  if (!number(value.timeMs)) return "its timeMs is not a number";
  const field = missingField(value, fields);
  return field === undefined ? undefined : `its ${type} event has no valid '${field}'`;
}

function missingField(value: Record_, fields: Readonly<Record<string, Check>>) {
  for (const [name, check] of Object.entries(fields)) {
    if (!check(Object.hasOwn(value, name) ? value[name] : undefined)) return name;
  }
  return undefined;
}
