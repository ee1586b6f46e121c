import type { PriceTable } from "@langchain-mini/core";

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
