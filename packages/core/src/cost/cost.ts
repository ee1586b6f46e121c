import type { TokenUsage } from "../contracts/llm.js";
import type { ModelPrice, TokenRates } from "../contracts/price.js";

const MILLION = 1_000_000;

/**
 * What one call cost, in US dollars: input tokens read from the cache at the cached
 * rate, those written to it at the cache-write rate, the rest of the input at the input
 * rate, and the output; all at the long-prompt rates when the prompt is over their limit.
 */
export function costOf(usage: TokenUsage, price: ModelPrice): number {
  const long = price.longPrompt;
  const rates: TokenRates = long && usage.inputTokens > long.overTokens ? long : price;
  const cached = usage.cachedInputTokens ?? 0;
  const written = usage.cacheWriteTokens ?? 0;
  const plain = Math.max(0, usage.inputTokens - cached - written);
  // Rates are per million tokens: one division at the end keeps the sum exact longer.
  const total =
    plain * rates.input +
    cached * (rates.cachedInput ?? rates.input) +
    written * (rates.cacheWrite ?? rates.input) +
    usage.outputTokens * rates.output;
  return total / MILLION;
}
