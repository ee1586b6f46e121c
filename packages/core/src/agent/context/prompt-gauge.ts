import type { TokenUsage } from "../../contracts/llm.js";

/**
 * The prompt's size in tokens as a run knows it: what the provider counted for the last
 * call's prompt, plus an estimate of only what was appended since (the estimate's error
 * stays that of a step, and never piles up over a long run). Replayed calls carry their
 * recorded usage, so a resumed run knows the same figures.
 */
export class PromptGauge {
  #tokens: number;

  constructor(estimate: number) {
    this.#tokens = estimate;
  }

  get tokens() {
    return this.#tokens;
  }

  /** After a call: the provider's count, when it gave one; otherwise the estimate stands. */
  measured(usage: TokenUsage | undefined) {
    if (usage && usage.inputTokens > 0) this.#tokens = usage.inputTokens;
  }

  add(tokens: number) {
    this.#tokens += tokens;
  }

  /** After a compaction, by its estimated change. */
  change(tokens: number) {
    this.#tokens = Math.max(0, this.#tokens + tokens);
  }

  /** After a compaction replayed from the journal: the figure it recorded. */
  set(tokens: number) {
    this.#tokens = tokens;
  }
}
