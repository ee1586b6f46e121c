import type { EvalReport } from "../run/case-result.js";

/**
 * `--threshold`'s exit code: 0 when every model's pass rate reaches the threshold (0 to
 * 1), 1 when any falls short. A report without a single run falls short: nothing passed.
 */
export function exitCodeFor(report: EvalReport, threshold: number): 0 | 1 {
  if (report.models.length === 0) return threshold > 0 ? 1 : 0;
  return report.models.every((model) => model.passRate >= threshold) ? 0 : 1;
}
