import type { PriceTable } from "@langchain-mini/core";
import type { ContextWindowTable } from "@langchain-mini/core/provider-kit";

const CHECKED = "2026-11-23";

/**
 * OpenAI's published prices (US dollars per million tokens, standard tier, from
 * https://developers.openai.com/api/docs/pricing) for the default and popular chat
 * models. A model not listed here shows tokens only: prices.json in the data directory
 * adds or overrides one.
 */
export const prices: PriceTable = {
  "gpt-4.1-mini": { input: 0.4, cachedInput: 0.1, output: 1.6, checked: CHECKED },
  "gpt-4.1": { input: 2, cachedInput: 0.5, output: 8, checked: CHECKED },
  "gpt-4.1-nano": { input: 0.1, cachedInput: 0.025, output: 0.4, checked: CHECKED },
  "gpt-4o": { input: 2.5, cachedInput: 1.25, output: 10, checked: CHECKED },
  "gpt-4o-mini": { input: 0.15, cachedInput: 0.075, output: 0.6, checked: CHECKED },
  "gpt-5": { input: 1.25, cachedInput: 0.125, output: 10, checked: CHECKED },
  "gpt-5-mini": { input: 0.25, cachedInput: 0.025, output: 2, checked: CHECKED },
};

/**
 * The context windows of the same models, in tokens, from OpenAI's model pages. GPT-5
 * takes 400,000 tokens with the reply, but at most 272,000 of them in the prompt: its
 * window here is the prompt's limit, so that a prompt kept inside it is never refused.
 */
export const contextWindows: ContextWindowTable = {
  "gpt-4.1-mini": 1_047_576,
  "gpt-4.1": 1_047_576,
  "gpt-4.1-nano": 1_047_576,
  "gpt-4o": 128_000,
  "gpt-4o-mini": 128_000,
  "gpt-5": 272_000,
  "gpt-5-mini": 272_000,
};
