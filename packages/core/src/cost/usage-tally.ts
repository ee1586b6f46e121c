import { NO_USAGE, type TokenUsage } from "../contracts/llm.js";
import { type CostSum, costTotal, NO_COST } from "./cost-sum.js";

/**
 * What LLM calls spent: their tokens and their cost. The one fold over calls that runs,
 * conversations, run summaries and the terminal UI share, so each shows the same figures.
 * Plain data: any object with these two fields is a tally (a front end's run view can be
 * one), and reducers and replays can keep it.
 */
export interface UsageTally {
  readonly usage: TokenUsage;
  readonly cost: CostSum;
}

/** What one finished call reports, as its llm-end event carries it. */
export interface TalliedCall {
  /** Undefined when the provider reported none. */
  readonly usage?: TokenUsage;
  /** US dollars; undefined when the model's price (or the usage) is not known. */
  readonly cost?: number;
}

export const NO_TALLY: UsageTally = { usage: NO_USAGE, cost: NO_COST };

/**
 * The tally with one more call. A call without usage adds no tokens; one that used tokens
 * without a price makes the total cost unknown (see `tallyFields`), while a call that used
 * nothing, or reported nothing, is neither priced nor unpriced.
 */
export function tallyCall(tally: UsageTally, call: TalliedCall): UsageTally {
  return { usage: addUsage(tally.usage, call.usage), cost: addCost(tally.cost, call) };
}

/** Two tallies as one, e.g. a session's earlier runs and the current one. */
export function addTallies(first: UsageTally, second: UsageTally): UsageTally {
  return {
    usage: addUsage(first.usage, second.usage),
    cost: {
      dollars: first.cost.dollars + second.cost.dollars,
      pricedCalls: first.cost.pricedCalls + second.cost.pricedCalls,
      unpricedCalls: first.cost.unpricedCalls + second.cost.unpricedCalls,
    },
  };
}

/**
 * What a result or a summary carries: the tokens, and the cost only when it is known.
 * Results never carry an undefined cost, so their JSON has no `cost` key without one.
 */
export function tallyFields(tally: UsageTally): { usage: TokenUsage; cost?: number } {
  const cost = costTotal(tally.cost);
  return cost === undefined ? { usage: tally.usage } : { usage: tally.usage, cost };
}

function addUsage(total: TokenUsage, next: TokenUsage | undefined): TokenUsage {
  if (!next) return total;
  const sum: { -readonly [Key in keyof TokenUsage]: TokenUsage[Key] } = {
    inputTokens: total.inputTokens + next.inputTokens,
    outputTokens: total.outputTokens + next.outputTokens,
  };
  // The cache fields appear only once some call reported them.
  if (total.cachedInputTokens !== undefined || next.cachedInputTokens !== undefined) {
    sum.cachedInputTokens = (total.cachedInputTokens ?? 0) + (next.cachedInputTokens ?? 0);
  }
  if (total.cacheWriteTokens !== undefined || next.cacheWriteTokens !== undefined) {
    sum.cacheWriteTokens = (total.cacheWriteTokens ?? 0) + (next.cacheWriteTokens ?? 0);
  }
  return sum;
}

function addCost(sum: CostSum, call: TalliedCall): CostSum {
  if (call.cost !== undefined) {
    return { ...sum, dollars: sum.dollars + call.cost, pricedCalls: sum.pricedCalls + 1 };
  }
  const used = call.usage !== undefined && call.usage.inputTokens + call.usage.outputTokens > 0;
  return used ? { ...sum, unpricedCalls: sum.unpricedCalls + 1 } : sum;
}
