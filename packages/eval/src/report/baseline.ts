import type { BaselineChange, CaseResult, EvalReport } from "../run/case-result.js";

/** How many (model, case) pairs two reports share, and how many only one of them has. */
export interface BaselineCounts {
  readonly compared: number;
  readonly onlyInReport: number;
  readonly onlyInBaseline: number;
}

// A Map, not an object: a case id may be `constructor` or `__proto__`.
function passRates(results: readonly CaseResult[]): Map<string, Map<string, number>> {
  const tallies = new Map<string, Map<string, { passed: number; runs: number }>>();
  for (const result of results) {
    const cases = tallies.get(result.model) ?? new Map<string, { passed: number; runs: number }>();
    tallies.set(result.model, cases);
    const tally = cases.get(result.caseId) ?? { passed: 0, runs: 0 };
    cases.set(result.caseId, {
      passed: tally.passed + (result.pass ? 1 : 0),
      runs: tally.runs + 1,
    });
  }
  return new Map(
    [...tallies].map(([model, cases]) => [
      model,
      new Map([...cases].map(([caseId, tally]) => [caseId, tally.passed / tally.runs])),
    ]),
  );
}

/**
 * The (model, case) pairs whose pass rate over the trials moved against a baseline: lower
 * is a regression, higher an improvement, in the order of the report's results. A pair only
 * one side has is not a change (see `baselineCounts`).
 */
export function compareBaseline(report: EvalReport, baseline: EvalReport): BaselineChange[] {
  const before = passRates(baseline.results);
  const changes: BaselineChange[] = [];
  for (const [model, cases] of passRates(report.results)) {
    for (const [caseId, after] of cases) {
      const previous = before.get(model)?.get(caseId);
      if (previous === undefined || previous === after) continue;
      changes.push({
        model,
        caseId,
        kind: after < previous ? "regression" : "improvement",
        before: previous,
        after,
      });
    }
  }
  return changes;
}

/** What a comparison covered: pairs in both reports, and pairs only one of them has. */
export function baselineCounts(report: EvalReport, baseline: EvalReport): BaselineCounts {
  const now = passRates(report.results);
  const before = passRates(baseline.results);
  const pairs = (rates: Map<string, Map<string, number>>) =>
    [...rates].flatMap(([model, cases]) => [...cases.keys()].map((caseId) => [model, caseId]));
  const has = (rates: Map<string, Map<string, number>>, [model, caseId]: string[]) =>
    rates.get(model ?? "")?.has(caseId ?? "") ?? false;
  const compared = pairs(now).filter((pair) => has(before, pair)).length;
  return {
    compared,
    onlyInReport: pairs(now).length - compared,
    onlyInBaseline: pairs(before).length - compared,
  };
}
