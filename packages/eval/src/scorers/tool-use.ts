import { normaliseToolName } from "@langchain-mini/core";
import type { CaseOutcome } from "../run/case-outcome.js";
import { failed, passed, shown, stringsOf, stringsProblem } from "./score-text.js";
import type { Scorer } from "./scorer.js";

/** `usesTool`: the run called this tool (each of these) at least once, in any turn. */
export const usesToolScorer: Scorer = {
  name: "usesTool",
  check: (expected) => stringsProblem(expected, "a tool name"),
  score: (expected, outcome) => {
    const used = toolsUsed(outcome);
    const wanted = stringsOf(expected);
    const missing = wanted.filter((name) => !used.has(normaliseToolName(name)));
    if (missing.length === 0) return passed(`used ${wanted.map(shown).join(", ")}`);
    const share = (wanted.length - missing.length) / wanted.length;
    return failed(`never used ${missing.map(shown).join(", ")}; ${usedList(used)}`, share);
  },
};

/** `avoidsTool`: the run never called this tool (any of these). */
export const avoidsToolScorer: Scorer = {
  name: "avoidsTool",
  check: (expected) => stringsProblem(expected, "a tool name"),
  score: (expected, outcome) => {
    const used = toolsUsed(outcome);
    const called = stringsOf(expected).filter((name) => used.has(normaliseToolName(name)));
    if (called.length === 0)
      return passed(`never used ${stringsOf(expected).map(shown).join(", ")}`);
    const times = (name: string) =>
      outcome.trajectory.filter((step) => normaliseToolName(step.tool) === normaliseToolName(name))
        .length;
    return failed(`used ${called.map((name) => `${shown(name)} ${times(name)}×`).join(", ")}`);
  },
};

function toolsUsed(outcome: CaseOutcome): ReadonlySet<string> {
  return new Set(outcome.trajectory.map((step) => normaliseToolName(step.tool)));
}

function usedList(used: ReadonlySet<string>) {
  return used.size === 0 ? "no tool was used" : `used ${[...used].map(shown).join(", ")}`;
}
