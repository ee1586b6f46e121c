import type { TokenUsage } from "../contracts/llm.js";

/**
 * Calls' costs added up, with how many calls had a price and how many used tokens
 * without one. Plain data, so reducers and replays can keep it.
 */
export interface CostSum {
  /** US dollars, over the priced calls. */
  readonly dollars: number;
  readonly pricedCalls: number;
  /** Calls that used tokens but had no price. */
  readonly unpricedCalls: number;
}

export const NO_COST: CostSum = { dollars: 0, pricedCalls: 0, unpricedCalls: 0 };

/** The sum with one more call, as its llm-end event carries its usage and cost. */
export function addCost(
  sum: CostSum,
  call: { readonly usage?: TokenUsage; readonly cost?: number },
): CostSum {
  if (call.cost !== undefined) {
    return { ...sum, dollars: sum.dollars + call.cost, pricedCalls: sum.pricedCalls + 1 };
  }
  const used = call.usage !== undefined && call.usage.inputTokens + call.usage.outputTokens > 0;
  return used ? { ...sum, unpricedCalls: sum.unpricedCalls + 1 } : sum;
}

/** Two sums as one, e.g. a session's earlier runs and the current one. */
export function addCostSums(first: CostSum, second: CostSum): CostSum {
  return {
    dollars: first.dollars + second.dollars,
    pricedCalls: first.pricedCalls + second.pricedCalls,
    unpricedCalls: first.unpricedCalls + second.unpricedCalls,
  };
}

/**
 * What the calls cost, in US dollars: known only when every call that used tokens had
 * a price (a sum over some of them would pass for the whole), and some call had one.
 */
export function costTotal(sum: CostSum): number | undefined {
  return sum.pricedCalls > 0 && sum.unpricedCalls === 0 ? sum.dollars : undefined;
}

/** `{ cost }` when it is known, nothing when not: results never carry an undefined cost. */
export function costField(cost: number | undefined): { cost?: number } {
  return cost === undefined ? {} : { cost };
}
