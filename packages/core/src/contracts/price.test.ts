import { describe, expect, it } from "vitest";
import { modelPriceProblem, type PriceTable, priceFor } from "./price.js";

const table: PriceTable = {
  "gpt-4.1-mini": { input: 0.4, cachedInput: 0.1, output: 1.6, checked: "2026-11-23" },
  "promo-flash": { input: 0.75, output: 3.75, until: "2026-12-31" },
};

describe("priceFor", () => {
  it("finds a model's own entry only", () => {
    expect(priceFor(table, "gpt-4.1-mini")?.input).toBe(0.4);
    expect(priceFor(table, "gpt-4.1")).toBeUndefined();
    expect(priceFor(table, "constructor")).toBeUndefined();
    expect(priceFor(table, "__proto__")).toBeUndefined();
    expect(priceFor(undefined, "gpt-4.1-mini")).toBeUndefined();
  });

  it("drops a promotional price once its last day has passed", () => {
    expect(priceFor(table, "promo-flash", new Date("2026-12-31T23:59:00Z"))?.input).toBe(0.75);
    expect(priceFor(table, "promo-flash", new Date("2027-01-01T00:00:00Z"))).toBeUndefined();
  });
});

describe("modelPriceProblem", () => {
  it("accepts a price with what is optional left out", () => {
    expect(modelPriceProblem({ input: 0, output: 1.6 })).toBeUndefined();
    expect(modelPriceProblem(table["gpt-4.1-mini"])).toBeUndefined();
    expect(
      modelPriceProblem({
        input: 0.1,
        output: 0.5,
        longPrompt: { overTokens: 100_000, input: 0.5, output: 2.5 },
      }),
    ).toBeUndefined();
  });

  it("says what is wrong, naming the field", () => {
    expect(modelPriceProblem(null)).toMatch(/object/);
    expect(modelPriceProblem([1, 2])).toMatch(/object/);
    expect(modelPriceProblem({ output: 1 })).toBe(
      "input must be a number of dollars per million tokens, 0 or more",
    );
    expect(modelPriceProblem({ input: "0.4", output: 1 })).toMatch(/^input must be a number/);
    expect(modelPriceProblem({ input: -1, output: 1 })).toMatch(/^input/);
    expect(modelPriceProblem({ input: 1, output: Number.NaN })).toMatch(/^output/);
    expect(modelPriceProblem({ input: 1, output: 1, cachedInput: null })).toMatch(/^cachedInput/);
    expect(modelPriceProblem({ input: 1, output: 1, inptu: 2 })).toMatch(
      /^'inptu' is not a price field/,
    );
    expect(modelPriceProblem({ input: 1, output: 1, checked: "23/11/2026" })).toMatch(
      /^checked must be a date/,
    );
    expect(modelPriceProblem({ input: 1, output: 1, longPrompt: { input: 2, output: 2 } })).toMatch(
      /overTokens/,
    );
    expect(
      modelPriceProblem({ input: 1, output: 1, longPrompt: { overTokens: 10, input: 2 } }),
    ).toMatch(/^longPrompt\.output/);
  });
});
