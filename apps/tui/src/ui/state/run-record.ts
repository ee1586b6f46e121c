import {
  type AgentEvent,
  type ChatMessage,
  type FinishReason,
  type LlmCallPurpose,
  type RunSummary,
  summariseRun,
  type TokenUsage,
} from "@langchain-mini/core";
import { compactionText } from "../../render/compaction-text.js";
import type { UiAction } from "./app-reducer.js";

/** One LLM call as the prompt inspector shows it: exactly what was sent and what came back. */
export interface InspectedCall {
  /** 0 is memory's own call: the follow-up rewrite or the summary's upkeep. */
  readonly step: number;
  /** Why a call that is not one of the agent's steps was made. */
  readonly purpose?: LlmCallPurpose;
  /** The compaction made just before this call, when there was one: its prompt is whole again. */
  readonly compacted?: string;
  readonly prompt?: string;
  readonly messages?: readonly ChatMessage[];
  /** The raw completion before parsing; while the call streams, the text so far. */
  readonly completion: string;
  readonly done: boolean;
  /** Set when the call ended without its reply: `completion` is then the text so far. */
  readonly cut?: "cancelled" | "failed";
  /** Why a failed call failed. */
  readonly error?: string;
  readonly reason?: FinishReason;
  readonly usage?: TokenUsage;
  readonly durationMs?: number;
}

/** What the inspector and the status bar's summary read: the last run's events, folded. */
export interface RunRecord {
  readonly calls: readonly InspectedCall[];
  readonly summary: RunSummary;
  /** Events without the text deltas (the calls hold the streamed text). */
  readonly events: readonly AgentEvent[];
  /** The run-end event has arrived: the summary's wall time and framework share are known. */
  readonly ended: boolean;
  /** Esc cancelled the run: whatever it still sends is not recorded. */
  readonly cancelled: boolean;
}

export const EMPTY_RECORD: RunRecord = {
  calls: [],
  summary: summariseRun([]),
  events: [],
  ended: false,
  cancelled: false,
};

/**
 * Follows the same actions as the app's reducer: a new question starts a new record, and
 * each batch of events extends it. Pure; a cancelled run keeps what it recorded.
 */
export function recordRun(record: RunRecord, action: UiAction): RunRecord {
  if (action.type === "submitted") return EMPTY_RECORD;
  if (action.type === "cancelled") {
    // A call still streaming when Esc was pressed is over: it was cancelled, not streaming.
    const calls = record.calls.map((call) =>
      call.done ? call : { ...call, done: true, cut: "cancelled" as const },
    );
    return { ...record, calls, cancelled: true };
  }
  if (action.type !== "agent-events" || record.cancelled || record.ended) return record;
  const events = [...record.events];
  let calls = record.calls;
  for (const event of action.events) {
    calls = foldCall(calls, event, events.at(-1));
    if (event.type !== "llm-delta") events.push(event);
  }
  return {
    calls,
    events,
    summary: summariseRun(events),
    ended: events.some((event) => event.type === "run-end"),
    cancelled: false,
  };
}

function foldCall(
  calls: readonly InspectedCall[],
  event: AgentEvent,
  before: AgentEvent | undefined,
): readonly InspectedCall[] {
  switch (event.type) {
    case "llm-start":
      return [
        ...calls,
        {
          step: event.step,
          ...(event.purpose ? { purpose: event.purpose } : {}),
          ...(before?.type === "compaction" ? { compacted: compactionText(before) } : {}),
          prompt: event.prompt,
          messages: event.messages,
          completion: "",
          done: false,
        },
      ];
    case "llm-delta":
      return updateLast(calls, event.step, (call) => ({
        completion: call.completion + event.text,
      }));
    case "llm-end":
      return updateLast(calls, event.step, () => ({
        completion: event.completion,
        done: true,
        reason: event.reason,
        usage: event.usage,
        durationMs: event.durationMs,
        ...(event.error
          ? {
              cut: event.reason === "aborted" ? ("cancelled" as const) : ("failed" as const),
              error: event.error.message,
            }
          : {}),
      }));
    default:
      return calls;
  }
}

/** Changes the latest call of a step (a retried step starts a new call with the same number). */
function updateLast(
  calls: readonly InspectedCall[],
  step: number,
  change: (call: InspectedCall) => Partial<InspectedCall>,
): readonly InspectedCall[] {
  const index = calls.findLastIndex((call) => call.step === step);
  if (index === -1) return calls;
  const current = calls[index] as InspectedCall;
  return calls.with(index, { ...current, ...change(current) });
}
