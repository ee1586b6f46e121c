import { exactScorer } from "./exact.js";
import { includesScorer } from "./includes.js";
import { judgeScorer } from "./judge.js";
import { maxStepsScorer } from "./max-steps.js";
import { numberScorer } from "./number.js";
import { regexScorer } from "./regex.js";
import { schemaScorer } from "./schema.js";
import type { Scorer } from "./scorer.js";
import { avoidsToolScorer, usesToolScorer } from "./tool-use.js";

/** Every scorer the eval knows without `--scorer`, by the case key each reads. */
export const builtInScorers: readonly Scorer[] = [
  exactScorer,
  includesScorer,
  regexScorer,
  numberScorer,
  schemaScorer,
  usesToolScorer,
  avoidsToolScorer,
  maxStepsScorer,
  judgeScorer,
];

/** Case keys that are not scorers: what to ask and how. */
export const CASE_KEYS: readonly string[] = ["id", "question", "turns", "tools", "limits"];
