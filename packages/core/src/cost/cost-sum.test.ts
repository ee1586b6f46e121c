import { describe, expect, it } from "vitest";
import { addCost, addCostSums, costTotal, NO_COST } from "./cost-sum.js";

const used = { inputTokens: 10, outputTokens: 2 };

describe("cost sums", () => {
  it("add up the calls' costs", () => {
    expect(costTotal(NO_COST)).toBeUndefined();
    let sum = addCost(NO_COST, { usage: used, cost: 0.25 });
    sum = addCost(sum, { usage: used, cost: 0.5 });
    // A call that reported no usage, or used nothing, is neither priced nor unpriced.
    sum = addCost(sum, {});
    sum = addCost(sum, { usage: { inputTokens: 0, outputTokens: 0 } });
    expect(costTotal(sum)).toBe(0.75);
    expect(NO_COST).toEqual({ dollars: 0, pricedCalls: 0, unpricedCalls: 0 });
  });

  it("know no total once a call that used tokens had no price: a part is not the whole", () => {
    const sum = addCost(addCost(NO_COST, { usage: used, cost: 0.25 }), { usage: used });
    expect(sum.dollars).toBe(0.25);
    expect(costTotal(sum)).toBeUndefined();
  });

  it("combine, as a session's runs do", () => {
    const first = addCost(NO_COST, { usage: used, cost: 0.25 });
    const second = addCost(NO_COST, { usage: used, cost: 0.5 });
    expect(costTotal(addCostSums(first, second))).toBe(0.75);
    expect(costTotal(addCostSums(first, addCost(NO_COST, { usage: used })))).toBeUndefined();
    expect(costTotal(addCostSums(first, NO_COST))).toBe(0.25);
  });
});
