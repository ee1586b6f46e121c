/**
 * Calls' costs added up, with how many calls had a price and how many used tokens
 * without one. Plain data, so reducers and replays can keep it; `UsageTally` adds calls to it.
 */
export interface CostSum {
  /** US dollars, over the priced calls. */
  readonly dollars: number;
  readonly pricedCalls: number;
  /** Calls that used tokens but had no price. */
  readonly unpricedCalls: number;
}

export const NO_COST: CostSum = { dollars: 0, pricedCalls: 0, unpricedCalls: 0 };

/**
 * What the calls cost, in US dollars: known only when every call that used tokens had
 * a price (a sum over some of them would pass for the whole), and some call had one.
 */
export function costTotal(sum: CostSum): number | undefined {
  return sum.pricedCalls > 0 && sum.unpricedCalls === 0 ? sum.dollars : undefined;
}
