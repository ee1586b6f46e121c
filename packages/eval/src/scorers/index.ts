export { builtInScorers, CASE_KEYS } from "./built-in-scorers.js";
export { type CaseProblem, checkCase } from "./check-case.js";
export { NO_JUDGE } from "./judge.js";
export { judgePrompt, readVerdict, type Verdict } from "./judge-verdict.js";
export { type LoadScorersOptions, loadScorers } from "./load-scorers.js";
export { REGEX_TESTED_CHARACTERS } from "./regex.js";
export { type CaseScores, scoreCase } from "./score-case.js";
export type { Score, ScoreContext, Scorer } from "./scorer.js";
