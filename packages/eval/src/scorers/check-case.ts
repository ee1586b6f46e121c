import { describeThrown } from "@langchain-mini/core";
import { nearest } from "@langchain-mini/host";
import type { EvalCase } from "../suite/eval-case.js";
import { CASE_KEYS } from "./built-in-scorers.js";
import { oneLine, shown } from "./score-text.js";
import type { Scorer } from "./scorer.js";

/** One thing wrong with a case's scorer keys: which key, and what, naming the key (the reader names the case). */
export interface CaseProblem {
  readonly key: string;
  readonly message: string;
}

/**
 * What is wrong with a case's scorer keys when the suite is read, before any run: a key
 * no scorer reads (with the one it most likely meant), or a value its scorer's `check`
 * refuses. The case keys that are not scorers (`CASE_KEYS`) are the suite reader's.
 */
export function checkCase(evalCase: EvalCase, scorers: readonly Scorer[]): CaseProblem[] {
  const byName = new Map(scorers.map((scorer) => [scorer.name, scorer]));
  const problems: CaseProblem[] = [];
  for (const key of Object.keys(evalCase)) {
    if (CASE_KEYS.includes(key)) continue;
    const scorer = byName.get(key);
    if (!scorer) {
      problems.push({ key, message: unknownKey(key, [...CASE_KEYS, ...byName.keys()]) });
      continue;
    }
    const message = checked(scorer, evalCase[key]);
    if (message !== undefined) problems.push({ key, message: `${shown(key)} ${message}` });
  }
  return problems;
}

function unknownKey(key: string, known: readonly string[]) {
  const meant = nearest(key, known);
  const hint = meant === undefined ? "" : ` (did you mean ${meant}?)`;
  return `${shown(key)} is not a case key or a scorer${hint}: scorers are ${known.slice(CASE_KEYS.length).join(", ")}; a plug-in's key needs --scorer <module>`;
}

function checked(scorer: Scorer, value: unknown): string | undefined {
  try {
    const message: unknown = scorer.check?.(value);
    if (message === undefined) return undefined;
    return oneLine(message, 200);
  } catch (error) {
    return `could not be checked: the scorer's check threw ${oneLine(describeThrown(error))}`;
  }
}
