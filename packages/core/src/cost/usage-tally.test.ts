import { describe, expect, it } from "vitest";
import { NO_USAGE } from "../contracts/llm.js";
import { addTallies, NO_TALLY, type TalliedCall, tallyCall, tallyFields } from "./usage-tally.js";

const used = { inputTokens: 1200, outputTokens: 80 };
const fold = (calls: readonly TalliedCall[]) => calls.reduce(tallyCall, NO_TALLY);

describe("usage tally", () => {
  it("starts at nothing: no tokens, and no cost to show", () => {
    expect(NO_TALLY.usage).toBe(NO_USAGE);
    expect(tallyFields(NO_TALLY)).toEqual({ usage: { inputTokens: 0, outputTokens: 0 } });
    expect("cost" in tallyFields(NO_TALLY)).toBe(false);
  });

  it("adds every call's tokens and, when every call had a price, their cost", () => {
    const tally = fold([
      { usage: used, cost: 0.001 },
      { usage: { inputTokens: 1300, outputTokens: 20 }, cost: 0.002 },
    ]);
    expect(tallyFields(tally)).toEqual({
      usage: { inputTokens: 2500, outputTokens: 100 },
      cost: 0.001 + 0.002,
    });
    expect(tally.cost).toEqual({ dollars: 0.001 + 0.002, pricedCalls: 2, unpricedCalls: 0 });
  });

  it("adds dollars in the calls' order, so a run, its trace and the UI show the same figure", () => {
    const costs = [0.1, 0.2, 0.3, 1e-7, 0.7];
    const tally = fold(costs.map((cost) => ({ usage: used, cost })));
    expect(tally.cost.dollars).toBe(costs.reduce((sum, cost) => sum + cost, 0));
  });

  it("makes the total's cost unknown once a call that used tokens had no price", () => {
    const tally = fold([{ usage: used, cost: 0.5 }, { usage: used }, { usage: used, cost: 0.25 }]);
    // The priced part is kept, but a part never passes for the whole.
    expect(tally.cost).toEqual({ dollars: 0.75, pricedCalls: 2, unpricedCalls: 1 });
    expect(tallyFields(tally)).toEqual({ usage: { inputTokens: 3600, outputTokens: 240 } });
    expect("cost" in tallyFields(tally)).toBe(false);
    // Added to a priced tally (a session's earlier runs), it still makes the whole unknown.
    const session = addTallies(fold([{ usage: used, cost: 1 }]), tally);
    expect("cost" in tallyFields(session)).toBe(false);
    expect(session.usage.inputTokens).toBe(4800);
  });

  it("shows no cost when no call had a price, tokens only", () => {
    const tally = fold([{ usage: used }, { usage: used }]);
    expect(tallyFields(tally)).toEqual({ usage: { inputTokens: 2400, outputTokens: 160 } });
  });

  it("counts a call that reported no usage, or used no tokens, neither priced nor unpriced", () => {
    const priced = fold([{ usage: used, cost: 0.5 }]);
    const after = fold([
      { usage: used, cost: 0.5 },
      {},
      { usage: { inputTokens: 0, outputTokens: 0 } },
    ]);
    expect(after).toEqual(priced);
    expect(tallyFields(after).cost).toBe(0.5);
    // Missing usage adds no tokens and keeps the tally's own usage.
    expect(tallyCall(priced, {}).usage).toBe(priced.usage);
    expect(fold([{}, {}])).toEqual(NO_TALLY);
  });

  it("shows cache fields only once some call reported them, and adds them", () => {
    expect(fold([{ usage: used }, { usage: used }]).usage).not.toHaveProperty("cachedInputTokens");
    const tally = fold([
      { usage: used },
      { usage: { ...used, cachedInputTokens: 1000 } },
      { usage: { ...used, cacheWriteTokens: 200 } },
      { usage: { ...used, cachedInputTokens: 100, cacheWriteTokens: 0 } },
    ]);
    expect(tally.usage).toEqual({
      inputTokens: 4800,
      outputTokens: 320,
      cachedInputTokens: 1100,
      cacheWriteTokens: 200,
    });
    expect(addTallies(NO_TALLY, tally).usage).toEqual(tally.usage);
    expect(addTallies(tally, NO_TALLY).usage).toEqual(tally.usage);
  });

  it("keeps large counts exact, up to the largest safe integer", () => {
    const huge = { inputTokens: 2 ** 52, outputTokens: 2 ** 51, cachedInputTokens: 2 ** 50 };
    const tally = fold([
      { usage: huge, cost: 1e9 },
      { usage: { inputTokens: 2 ** 52 - 1, outputTokens: 1, cachedInputTokens: 1 }, cost: 0.5 },
    ]);
    expect(tally.usage).toEqual({
      inputTokens: Number.MAX_SAFE_INTEGER,
      outputTokens: 2 ** 51 + 1,
      cachedInputTokens: 2 ** 50 + 1,
    });
    expect(tallyFields(tally).cost).toBe(1_000_000_000.5);
  });

  it("adds two tallies as one, whichever comes first", () => {
    const earlier = fold([{ usage: used, cost: 0.25 }, {}]);
    const current = fold([{ usage: { ...used, cachedInputTokens: 5 }, cost: 0.125 }]);
    const both = addTallies(earlier, current);
    expect(both).toEqual({
      usage: { inputTokens: 2400, outputTokens: 160, cachedInputTokens: 5 },
      cost: { dollars: 0.375, pricedCalls: 2, unpricedCalls: 0 },
    });
    expect(addTallies(current, earlier)).toEqual(both);
    // Any object with the two fields is a tally: the UI's run view passes as one.
    expect(addTallies(NO_TALLY, { ...current, question: "q" } as typeof current)).toEqual(current);
  });
});
