import { failed, passed } from "./score-text.js";
import type { Scorer } from "./scorer.js";

/** `maxSteps`: the run's last turn took at most this many agent steps (LLM calls). */
export const maxStepsScorer: Scorer = {
  name: "maxSteps",
  check: (expected) =>
    Number.isSafeInteger(expected) && (expected as number) >= 1
      ? undefined
      : "must be a whole number of steps, 1 or more",
  score: (expected, outcome) => {
    const most = expected as number;
    const steps = `${outcome.steps} step${outcome.steps === 1 ? "" : "s"}`;
    return outcome.steps <= most
      ? passed(`took ${steps}, at most ${most}`)
      : failed(`took ${steps}, more than ${most}`);
  },
};
