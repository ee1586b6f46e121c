import type { Score } from "../scorers/scorer.js";
import type { CaseOutcome } from "./case-outcome.js";

/** One line of `--json`: a case's run on a model, and its scores. */
export interface CaseResult extends CaseOutcome {
  /** The `--llm` spec, e.g. `openai:gpt-4.1-mini`. */
  readonly model: string;
  readonly caseId: string;
  /** 1-based, up to `--trials`. */
  readonly trial: number;
  /** All scorers passed (and the run answered). */
  readonly pass: boolean;
  /** By scorer name (the case's key). */
  readonly scores: Readonly<Record<string, Score>>;
  /** What judges spent grading this run, apart from `cost`. */
  readonly judgeCost?: number;
}

/** Per model: the table's row. */
export interface ModelSummary {
  readonly model: string;
  /** Case runs (cases × trials). */
  readonly runs: number;
  readonly passed: number;
  /** passed / runs, 0 to 1. */
  readonly passRate: number;
  /** US dollars of the runs; undefined when any run had no price. */
  readonly cost?: number;
  readonly judgeCost?: number;
  readonly tokens: { readonly input: number; readonly output: number };
  readonly latencyP50Ms: number;
  readonly latencyP95Ms: number;
  /** Mean agent steps per run. */
  readonly meanSteps: number;
}

/** Everything an eval produced: what `--json` writes and reports are made from. */
export interface EvalReport {
  readonly suite: string;
  readonly startedAt: string;
  readonly durationMs: number;
  readonly models: readonly ModelSummary[];
  readonly results: readonly CaseResult[];
}

/** Against `--baseline`: a (model, case) whose pass rate moved. */
export interface BaselineChange {
  readonly model: string;
  readonly caseId: string;
  readonly kind: "regression" | "improvement";
  /** Pass rates over the trials, 0 to 1. */
  readonly before: number;
  readonly after: number;
}
