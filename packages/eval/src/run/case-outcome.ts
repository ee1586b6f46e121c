import type { ErrorInfo, RunStatus } from "@langchain-mini/core";

/** One tool call of a run, as the trajectory scorers and the reports read it. */
export interface TrajectoryStep {
  readonly step: number;
  readonly thought: string;
  readonly tool: string;
  readonly input: string;
  /** What the model read back (cut to a few KB in reports). */
  readonly observation: string;
}

/** One run of one case on one model: what the scorers look at. */
export interface CaseOutcome {
  readonly status: RunStatus;
  /** The last turn's answer; undefined when the run gave none. */
  readonly answer?: string;
  readonly error?: ErrorInfo;
  /** The agent's LLM calls in the last turn (memory's own calls not counted). */
  readonly steps: number;
  /** Every tool call of every turn, in order. */
  readonly trajectory: readonly TrajectoryStep[];
  /** US dollars of the runs (all turns); undefined when the model has no price. */
  readonly cost?: number;
  readonly tokens: { readonly input: number; readonly output: number };
  readonly durationMs: number;
  /** The last turn's run id (in the journal and traces). */
  readonly runId: string;
}
