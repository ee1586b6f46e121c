import type { TokenUsage } from "./llm.js";

/**
 * Adds up calls' costs into a run's. The sum is the run's cost only when every call that
 * used tokens had a price: a sum over some of them would pass for the whole, so the
 * cost is then unknown, as it is while no call had a price.
 */
export class CostMeter {
  #dollars = 0;
  #priced = 0;
  #unpriced = 0;

  /** One call's usage and cost, as its llm-end event carries them. */
  add(call: { readonly usage?: TokenUsage; readonly cost?: number }): void {
    if (call.cost !== undefined) {
      this.#dollars += call.cost;
      this.#priced++;
    } else if (call.usage && call.usage.inputTokens + call.usage.outputTokens > 0) {
      this.#unpriced++;
    }
  }

  /** US dollars, or undefined when unknown. */
  get total(): number | undefined {
    return this.#priced > 0 && this.#unpriced === 0 ? this.#dollars : undefined;
  }
}
