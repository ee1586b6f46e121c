import { describe, expect, it } from "vitest";
import { answered, NO_JUDGE_CONTEXT, toolStep } from "../test-support/case-outcomes.js";
import { maxStepsScorer } from "./max-steps.js";
import { avoidsToolScorer, usesToolScorer } from "./tool-use.js";

const run = answered("404.6", {
  steps: 3,
  trajectory: [
    toolStep(1, "search", "years in 2023"),
    toolStep(2, "Calculator", "2023 / 5"),
    toolStep(3, "calculator", "round(404.6)"),
  ],
});

describe("usesTool", () => {
  it("passes when each named tool was called, whatever its case", async () => {
    expect((await usesToolScorer.score("calculator", run, NO_JUDGE_CONTEXT)).pass).toBe(true);
    expect((await usesToolScorer.score(["search", "CALCULATOR"], run, NO_JUDGE_CONTEXT)).pass).toBe(
      true,
    );
  });

  it("fails naming the tools never called and those that were", async () => {
    const miss = await usesToolScorer.score(["search", "python"], run, NO_JUDGE_CONTEXT);
    expect(miss).toMatchObject({ pass: false, score: 0.5 });
    expect(miss.reason).toBe('never used "python"; used "search", "calculator"');
    const idle = await usesToolScorer.score("search", answered("hi"), NO_JUDGE_CONTEXT);
    expect(idle.reason).toBe('never used "search"; no tool was used');
  });
});

describe("avoidsTool", () => {
  it("passes when none of the tools was called, and counts the calls when one was", async () => {
    expect((await avoidsToolScorer.score(["python", "mcp"], run, NO_JUDGE_CONTEXT)).pass).toBe(
      true,
    );
    const used = await avoidsToolScorer.score(["python", "calculator"], run, NO_JUDGE_CONTEXT);
    expect(used).toMatchObject({ pass: false, reason: 'used "calculator" 2×' });
  });

  it("refuses a value that is not a tool name or list of them", () => {
    expect(avoidsToolScorer.check?.(3)).toMatch(/must be a tool name/);
    expect(avoidsToolScorer.check?.({ __proto__: "x" })).toMatch(/must be a tool name/);
  });
});

describe("maxSteps", () => {
  it("passes at or under the limit and fails over it", async () => {
    expect(await maxStepsScorer.score(3, run, NO_JUDGE_CONTEXT)).toMatchObject({
      pass: true,
      reason: "took 3 steps, at most 3",
    });
    expect(await maxStepsScorer.score(2, run, NO_JUDGE_CONTEXT)).toMatchObject({
      pass: false,
      reason: "took 3 steps, more than 2",
    });
  });

  it("wants a whole number of steps", () => {
    for (const bad of [0, 2.5, "3", -1, Number.POSITIVE_INFINITY]) {
      expect(maxStepsScorer.check?.(bad)).toMatch(/whole number of steps/);
    }
    expect(maxStepsScorer.check?.(4)).toBeUndefined();
  });
});
