import { failed, passed, shown, withAnswer } from "./score-text.js";
import type { Scorer } from "./scorer.js";

/** `exact`: the answer, trimmed, is this text (trimmed too). */
export const exactScorer: Scorer = {
  name: "exact",
  check: (expected) =>
    typeof expected === "string" ? undefined : "must be a string, the whole answer expected",
  score: (expected, outcome) =>
    withAnswer(outcome, (answer) => {
      const wanted = String(expected).trim();
      return answer.trim() === wanted
        ? passed(`is exactly ${shown(wanted)}`)
        : failed(`expected exactly ${shown(wanted)}, got ${shown(answer)}`);
    }),
};
