import type { CaseResult } from "../run/case-result.js";

/**
 * Why a run failed, one entry per failing scorer (`includes: expected "404" in the
 * answer`), in the order the scores were given; a run that gave no answer, or failed with
 * every scorer passing, says how the run ended instead. Raw text: each report makes it
 * safe for its own format.
 */
export function failureReasons(result: CaseResult): string[] {
  if (result.pass) return [];
  const reasons = Object.entries(result.scores)
    .filter(([, score]) => !score.pass)
    .map(([name, score]) => `${name}: ${score.reason}`);
  if (result.status !== "answered" || reasons.length === 0) {
    const error = result.error ? `: ${result.error.message}` : "";
    reasons.unshift(`the run ${result.status === "answered" ? "failed" : result.status}${error}`);
  }
  return reasons;
}
