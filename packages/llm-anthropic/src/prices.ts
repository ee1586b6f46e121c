import type { ModelPrice, PriceTable } from "@langchain-mini/core";
import type { ContextWindowTable } from "@langchain-mini/core/provider-kit";

const CHECKED = "2026-11-23";

// Cache writes at the 5-minute rate: the breakpoints this provider sets use the default TTL.
const haiku45: ModelPrice = {
  input: 1,
  cachedInput: 0.1,
  cacheWrite: 1.25,
  output: 5,
  checked: CHECKED,
};

/**
 * Anthropic's published prices (US dollars per million tokens, from
 * https://platform.claude.com/docs/en/about-claude/pricing) for the default and popular
 * Claude models. A model not listed here shows tokens only: prices.json in the data
 * directory adds or overrides one.
 */
export const prices: PriceTable = {
  // Priced by prompt length: over 100,000 tokens (cache reads and writes included), the
  // whole request at five times the rates.
  "claude-haiku-5-5": {
    input: 0.1,
    cachedInput: 0.01,
    cacheWrite: 0.125,
    output: 0.5,
    longPrompt: {
      overTokens: 100_000,
      input: 0.5,
      cachedInput: 0.05,
      cacheWrite: 0.625,
      output: 2.5,
    },
    checked: CHECKED,
  },
  // Cache reads at $0.10 since Anthropic's cut of 2026-10-07.
  "claude-sonnet-5-5": {
    input: 2,
    cachedInput: 0.1,
    cacheWrite: 2.5,
    output: 10,
    checked: CHECKED,
  },
  "claude-opus-5-5": { input: 4, cachedInput: 0.2, cacheWrite: 5, output: 20, checked: CHECKED },
  "claude-fable-5-1": {
    input: 10,
    cachedInput: 0.25,
    cacheWrite: 12.5,
    output: 50,
    checked: CHECKED,
  },
  "claude-sonnet-5": { input: 2, cachedInput: 0.2, cacheWrite: 2.5, output: 10, checked: CHECKED },
  "claude-opus-5": { input: 5, cachedInput: 0.5, cacheWrite: 6.25, output: 25, checked: CHECKED },
  "claude-haiku-4-5": haiku45,
  "claude-haiku-4-5-20251001": haiku45,
};

/**
 * The context windows of the same models, in tokens (prompt and reply together), from
 * Anthropic's model pages: a million for the 5.x models, 200,000 for Haiku 4.5.
 */
export const contextWindows: ContextWindowTable = {
  "claude-haiku-5-5": 1_000_000,
  "claude-sonnet-5-5": 1_000_000,
  "claude-opus-5-5": 1_000_000,
  "claude-fable-5-1": 1_000_000,
  "claude-sonnet-5": 1_000_000,
  "claude-opus-5": 1_000_000,
  "claude-haiku-4-5": 200_000,
  "claude-haiku-4-5-20251001": 200_000,
};
