import type { CaseOutcome, TrajectoryStep } from "../run/case-outcome.js";
import type { ScoreContext } from "../scorers/scorer.js";

/** A run that answered `answer`, as the runner reports it; `more` overrides any field. */
export function answered(answer: string, more: Partial<CaseOutcome> = {}): CaseOutcome {
  return {
    status: "answered",
    answer,
    steps: 1,
    trajectory: [],
    tokens: { input: 120, output: 30 },
    durationMs: 800,
    runId: "run-test",
    ...more,
  };
}

/** One tool call of a trajectory. */
export function toolStep(step: number, tool: string, input = "", observation = ""): TrajectoryStep {
  return { step, thought: `I should use ${tool}`, tool, input, observation };
}

/** A context with no judge, for scorers that need none. */
export const NO_JUDGE_CONTEXT: ScoreContext = { signal: new AbortController().signal };
