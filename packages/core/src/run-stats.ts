import type { AgentEvent } from "./events.js";
import { addUsage, NO_USAGE, type TokenUsage } from "./llm.js";

export interface RunSummary {
  /**
   * The agent's steps: each is one LLM call and what follows it (a tool call, a format
   * error, or the final answer). The trace's "Step n" and `maxSteps` count the same.
   */
  readonly steps: number;
  /** Every LLM call of the run: the steps' and memory's (a follow-up's rewrite, a summary). */
  readonly llmCalls: number;
  readonly toolCalls: number;
  readonly usage: TokenUsage;
  readonly wallMs: number;
  /** Time in LLM calls, failed and cancelled ones included. */
  readonly llmMs: number;
  readonly toolMs: number;
  /** Wall time spent neither waiting on the LLM nor in tools: the framework's own cost. */
  readonly frameworkMs: number;
}

/**
 * Folds a run's events into the summary `ask --verbose` and the TUI status bar show.
 * It reads events only, so a replayed trace gives the same figures.
 */
export function summariseRun(events: Iterable<AgentEvent>): RunSummary {
  let steps = 0;
  let llmCalls = 0;
  let toolCalls = 0;
  let usage = NO_USAGE;
  let llmMs = 0;
  let toolMs = 0;
  let wallMs = 0;
  for (const event of events) {
    if (event.type === "llm-start") {
      llmCalls++;
      if (event.purpose === undefined) steps++;
    } else if (event.type === "llm-end") {
      llmMs += event.durationMs;
      usage = addUsage(usage, event.usage);
    } else if (event.type === "tool-end") {
      toolCalls++;
      toolMs += event.durationMs;
    } else if (event.type === "run-end") wallMs = event.result.durationMs;
  }
  return {
    steps,
    llmCalls,
    toolCalls,
    usage,
    wallMs,
    llmMs,
    toolMs,
    frameworkMs: Math.max(0, wallMs - llmMs - toolMs),
  };
}
