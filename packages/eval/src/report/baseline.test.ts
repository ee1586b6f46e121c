import { describe, expect, it } from "vitest";
import type { EvalReport } from "../run/case-result.js";
import { CHEAP, caseResult, STRONG, twoModelReport } from "../test-support/report-fixture.js";
import { baselineCounts, compareBaseline } from "./baseline.js";
import { exitCodeFor } from "./exit-code.js";
import { summariseModels } from "./summarise.js";

function reportOf(results: EvalReport["results"]): EvalReport {
  return { suite: "s", startedAt: "", durationMs: 0, models: summariseModels(results), results };
}

describe("compareBaseline", () => {
  it("finds the (model, case) pairs whose pass rate over the trials fell or rose", () => {
    const trials = (model: string, caseId: string, passes: boolean[]) =>
      passes.map((pass, index) => caseResult({ model, caseId, trial: index + 1, pass }));
    const before = reportOf([
      ...trials(STRONG, "capital", [true, true, true]),
      ...trials(STRONG, "periods", [false, true, false]),
      ...trials(STRONG, "constructor", [true, false, true]),
      ...trials(STRONG, "dropped", [true, true, true]),
    ]);
    const after = reportOf([
      ...trials(STRONG, "capital", [true, false, true]),
      ...trials(STRONG, "periods", [true, true, false]),
      ...trials(STRONG, "constructor", [true, true, false]),
      ...trials(STRONG, "new", [false, false, false]),
      ...trials(CHEAP, "capital", [false, false, false]),
    ]);
    expect(compareBaseline(after, before)).toEqual([
      { model: STRONG, caseId: "capital", kind: "regression", before: 1, after: 2 / 3 },
      { model: STRONG, caseId: "periods", kind: "improvement", before: 1 / 3, after: 2 / 3 },
    ]);
    expect(baselineCounts(after, before)).toEqual({
      compared: 3,
      onlyInReport: 2,
      onlyInBaseline: 1,
    });
  });

  it("finds no change between a report and itself", () => {
    const report = twoModelReport();
    expect(compareBaseline(report, report)).toEqual([]);
    expect(baselineCounts(report, report)).toEqual({
      compared: 8,
      onlyInReport: 0,
      onlyInBaseline: 0,
    });
  });
});

describe("exitCodeFor", () => {
  it("is 0 when every model's pass rate reaches the threshold, 1 when any falls short", () => {
    const report = twoModelReport(); // 11/12 and 6/12
    expect(exitCodeFor(report, 0)).toBe(0);
    expect(exitCodeFor(report, 0.5)).toBe(0);
    expect(exitCodeFor(report, 0.51)).toBe(1);
    expect(exitCodeFor(report, 1)).toBe(1);
    const perfect = reportOf([caseResult({ model: STRONG, caseId: "a" })]);
    expect(exitCodeFor(perfect, 1)).toBe(0);
    expect(exitCodeFor(reportOf([]), 0.5)).toBe(1);
  });
});
