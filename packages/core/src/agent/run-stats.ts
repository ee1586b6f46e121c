import type { AgentEvent } from "../contracts/events.js";
import type { TokenUsage } from "../contracts/llm.js";
import { NO_TALLY, tallyCall, tallyFields } from "../cost/usage-tally.js";

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
  /** US dollars, when every call that used tokens had a price (see `AgentResult.cost`). */
  readonly cost?: number;
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
  const stats = new RunStats();
  for (const event of events) stats.add(event);
  return stats.summary;
}

/** The same summary, kept up to date one event at a time, for a reader that keeps no events. */
export class RunStats {
  #steps = 0;
  #lastStep = 0;
  #llmCalls = 0;
  #toolCalls = 0;
  #spent = NO_TALLY;
  #llmMs = 0;
  #toolMs = 0;
  #wallMs = 0;

  add(event: AgentEvent) {
    if (event.type === "llm-start") {
      this.#llmCalls++;
      // A call the provider refused as too long is made again for the same step.
      if (event.purpose === undefined && event.step !== this.#lastStep) this.#steps++;
      if (event.purpose === undefined) this.#lastStep = event.step;
    } else if (event.type === "llm-end") {
      this.#llmMs += event.durationMs;
      this.#spent = tallyCall(this.#spent, event);
    } else if (event.type === "tool-end") {
      this.#toolCalls++;
      this.#toolMs += event.durationMs;
    } else if (event.type === "run-start") this.#lastStep = 0;
    else if (event.type === "run-end") this.#wallMs = event.result.durationMs;
  }

  get summary(): RunSummary {
    const wallMs = this.#wallMs;
    return {
      steps: this.#steps,
      llmCalls: this.#llmCalls,
      toolCalls: this.#toolCalls,
      ...tallyFields(this.#spent),
      wallMs,
      llmMs: this.#llmMs,
      toolMs: this.#toolMs,
      frameworkMs: Math.max(0, wallMs - this.#llmMs - this.#toolMs),
    };
  }
}
