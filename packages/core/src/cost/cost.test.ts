import { describe, expect, it } from "vitest";
import type { ModelPrice } from "../contracts/price.js";
import { costOf } from "./cost.js";

// Claude Haiku 5.5's published rates, by prompt length.
const haiku: ModelPrice = {
  input: 0.1,
  cachedInput: 0.01,
  cacheWrite: 0.125,
  output: 0.5,
  longPrompt: {
    overTokens: 100_000,
    input: 0.5,
    cachedInput: 0.05,
    cacheWrite: 0.625,
    output: 2.5,
  },
};

describe("costOf", () => {
  it("prices input and output per million tokens", () => {
    expect(costOf({ inputTokens: 100_000, outputTokens: 1_000_000 }, haiku)).toBeCloseTo(0.51, 12);
    expect(costOf({ inputTokens: 2_000, outputTokens: 300 }, haiku)).toBeCloseTo(
      (2_000 * 0.1 + 300 * 0.5) / 1e6,
      15,
    );
  });

  it("prices cache reads and writes at their own rates, out of the input tokens", () => {
    // 10,000 prompt tokens: 6,000 read from the cache, 3,000 written to it, 1,000 neither.
    const usage = {
      inputTokens: 10_000,
      outputTokens: 200,
      cachedInputTokens: 6_000,
      cacheWriteTokens: 3_000,
    };
    const expected = (1_000 * 0.1 + 6_000 * 0.01 + 3_000 * 0.125 + 200 * 0.5) / 1e6;
    expect(costOf(usage, haiku)).toBeCloseTo(expected, 15);
    expect(costOf(usage, haiku)).toBeLessThan(
      costOf({ inputTokens: 10_000, outputTokens: 200 }, haiku) + 1e-9,
    );
  });

  it("charges cached tokens the input rate when the price names no cache rates", () => {
    const flat: ModelPrice = { input: 2, output: 8 };
    const usage = {
      inputTokens: 1_000,
      outputTokens: 0,
      cachedInputTokens: 800,
      cacheWriteTokens: 100,
    };
    expect(costOf(usage, flat)).toBeCloseTo(0.002, 15);
  });

  it("prices a whole call at the long-prompt rates once its prompt is over the limit", () => {
    const atLimit = costOf({ inputTokens: 100_000, outputTokens: 1_000 }, haiku);
    expect(atLimit).toBeCloseTo((100_000 * 0.1 + 1_000 * 0.5) / 1e6, 15);
    const over = costOf(
      { inputTokens: 100_001, outputTokens: 1_000, cachedInputTokens: 90_000 },
      haiku,
    );
    expect(over).toBeCloseTo((10_001 * 0.5 + 90_000 * 0.05 + 1_000 * 2.5) / 1e6, 15);
  });

  it("never counts cache tokens twice when a provider reports more than the prompt", () => {
    const odd = { inputTokens: 100, outputTokens: 0, cachedInputTokens: 150 };
    expect(costOf(odd, haiku)).toBeCloseTo((150 * 0.01) / 1e6, 15);
  });
});
