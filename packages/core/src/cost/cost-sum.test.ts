import { describe, expect, it } from "vitest";
import { costTotal, NO_COST } from "./cost-sum.js";
import { addTallies, NO_TALLY, tallyCall } from "./usage-tally.js";

const used = { inputTokens: 10, outputTokens: 2 };

describe("cost sums", () => {
  it("add up the calls' costs", () => {
    expect(costTotal(NO_COST)).toBeUndefined();
    let tally = tallyCall(NO_TALLY, { usage: used, cost: 0.25 });
    tally = tallyCall(tally, { usage: used, cost: 0.5 });
    // A call that reported no usage, or used nothing, is neither priced nor unpriced.
    tally = tallyCall(tally, {});
    tally = tallyCall(tally, { usage: { inputTokens: 0, outputTokens: 0 } });
    expect(costTotal(tally.cost)).toBe(0.75);
    expect(NO_COST).toEqual({ dollars: 0, pricedCalls: 0, unpricedCalls: 0 });
  });

  it("know no total once a call that used tokens had no price: a part is not the whole", () => {
    const sum = tallyCall(tallyCall(NO_TALLY, { usage: used, cost: 0.25 }), { usage: used }).cost;
    expect(sum.dollars).toBe(0.25);
    expect(costTotal(sum)).toBeUndefined();
  });

  it("combine, as a session's runs do", () => {
    const first = tallyCall(NO_TALLY, { usage: used, cost: 0.25 });
    const second = tallyCall(NO_TALLY, { usage: used, cost: 0.5 });
    expect(costTotal(addTallies(first, second).cost)).toBe(0.75);
    expect(costTotal(addTallies(first, tallyCall(NO_TALLY, { usage: used })).cost)).toBeUndefined();
    expect(costTotal(addTallies(first, NO_TALLY).cost)).toBe(0.25);
  });
});
