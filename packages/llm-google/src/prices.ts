import type { PriceTable } from "@langchain-mini/core";
import type { ContextWindowTable } from "@langchain-mini/core/provider-kit";

const CHECKED = "2026-11-23";

/**
 * Google's published prices (US dollars per million tokens, paid tier, from
 * https://ai.google.dev/gemini-api/docs/pricing) for the default model. Thinking is
 * billed as output, which is how this provider counts it. A model not listed here shows
 * tokens only: prices.json in the data directory adds or overrides one.
 */
export const prices: PriceTable = {
  // A promotional price through 2026-12-31 (then $1.50 in, $7.50 out): after that day
  // the model shows tokens only until this table or prices.json says otherwise.
  "gemini-3.8-flash": {
    input: 0.75,
    cachedInput: 0.075,
    output: 3.75,
    checked: CHECKED,
    until: "2026-12-31",
  },
};

/**
 * Context windows in tokens, from Google's model pages: the prompt's limit (the reply's,
 * 65,536 tokens, is apart from it), so that a prompt kept inside it is never refused.
 */
export const contextWindows: ContextWindowTable = {
  "gemini-3.8-flash": 1_048_576,
};
