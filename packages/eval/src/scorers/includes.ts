import { failed, passed, shown, stringsOf, stringsProblem, withAnswer } from "./score-text.js";
import type { Scorer } from "./scorer.js";

/**
 * `includes`: the answer contains this text (each of these), ignoring case. Its score is
 * the share found, so a near miss reads apart from a wrong answer.
 */
export const includesScorer: Scorer = {
  name: "includes",
  check: (expected) => stringsProblem(expected, "a text the answer contains"),
  score: (expected, outcome) =>
    withAnswer(outcome, (answer) => {
      const wanted = stringsOf(expected);
      const folded = answer.toLowerCase();
      const missing = wanted.filter((text) => !folded.includes(text.toLowerCase()));
      const share = (wanted.length - missing.length) / wanted.length;
      if (missing.length === 0) return passed(`contains ${wanted.map(shown).join(", ")}`);
      return failed(`missing ${missing.map(shown).join(", ")} in ${shown(answer)}`, share);
    }),
};
