import { describe, expect, it } from "vitest";
import { CHEAP, caseResult, STRONG, twoModelReport } from "../test-support/report-fixture.js";
import { nearestRank, summarise, summariseModels } from "./summarise.js";

describe("summarise", () => {
  it("gives each model's pass rate, cost, judge cost, tokens and mean steps, in first-seen order", () => {
    const { results } = twoModelReport();
    const [strong, cheap] = summariseModels(results);
    const reversed = summariseModels([...results].reverse());
    expect(reversed.map((summary) => summary.model)).toEqual([CHEAP, STRONG]);
    expect(strong).toMatchObject({
      model: STRONG,
      runs: 12,
      passed: 11,
      tokens: { input: 12_000, output: 2400 },
    });
    expect(strong?.passRate).toBeCloseTo(11 / 12, 12);
    expect(strong?.cost).toBeCloseTo(0.6, 12);
    expect(strong?.judgeCost).toBeCloseTo(0.0048, 12);
    expect(strong?.meanSteps).toBe(3);
    expect(cheap).toMatchObject({ runs: 12, passed: 6, passRate: 0.5 });
    expect(cheap?.judgeCost).toBeUndefined();
    expect(cheap?.cost).toBeCloseTo(0.024, 12);
    // Steps 1, 2, 3, 4 per case, three trials each.
    expect(cheap?.meanSteps).toBe(2.5);
  });

  it("leaves the cost unknown when any run had no price, rather than undercounting", () => {
    const results = [
      caseResult({ model: "local:llama", caseId: "a", cost: 0.01 }),
      caseResult({ model: "local:llama", caseId: "b", cost: undefined }),
    ];
    expect(summarise("local:llama", results).cost).toBeUndefined();
    expect(summarise("local:llama", results.slice(0, 1)).cost).toBe(0.01);
  });

  it("takes p50 and p95 latency by nearest rank: always a latency that happened", () => {
    const durations = [7, 1, 20, 3, 15, 2, 9, 11, 4, 18, 5, 6, 8, 10, 12, 13, 14, 16, 17, 19];
    const results = durations.map((durationMs, index) =>
      caseResult({ model: "m", caseId: `case-${index}`, durationMs }),
    );
    expect(summarise("m", results)).toMatchObject({ latencyP50Ms: 10, latencyP95Ms: 19 });
    expect(nearestRank([5], 0.95)).toBe(5);
    expect(nearestRank([100, 200, 300], 0.5)).toBe(200);
    expect(nearestRank([100, 200, 300], 0.95)).toBe(300);
    expect(nearestRank([], 0.5)).toBe(0);
  });

  it("gives a model without runs a pass rate of 0, not NaN", () => {
    const summary = summarise("nobody", []);
    expect(summary).toMatchObject({ runs: 0, passRate: 0, meanSteps: 0 });
    expect(summary.cost).toBeUndefined();
  });
});
