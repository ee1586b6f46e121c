import { boundResult, clearedResult, type ReadHint } from "./bounded-result.js";
import type { ContextBudget } from "./context-budget.js";
import { estimateTextTokens } from "./estimate-tokens.js";
import { PromptGauge } from "./prompt-gauge.js";

/** A tool result as the prompt shows it. */
export interface ShownResult {
  readonly id: string;
  /** The whole result, as the events, the trace and the journal keep it. */
  readonly whole: string;
  /** What the prompt shows of it: all, its beginning and end, or the line of a cleared one. */
  shown: string;
  /** Estimated tokens of `shown`. */
  tokens: number;
  cleared: boolean;
}

/** One step of the prompt: what the model wrote and the results it read. */
export interface TranscriptStep {
  readonly step: number;
  /** Estimated tokens of the step without its results: the thought, the action, framing. */
  readonly ownTokens: number;
  readonly results: readonly ShownResult[];
}

/** What both agent modes' prompts share. */
export interface TranscriptContext {
  readonly budget: ContextBudget;
  /** Every result of the run by id, whole, for `read_result`. */
  readonly results: Map<string, string>;
  readonly hint: ReadHint;
}

/**
 * A run's prompt as compaction sees it, in either agent mode: a fixed head (instructions,
 * tools, question), the summary of the steps folded so far, and the steps since, each with
 * its results. Between compactions it only grows; a compaction clears the oldest results
 * and folds the oldest steps into the summary, and the prompt is written whole again.
 */
export abstract class Transcript<Step extends TranscriptStep = TranscriptStep> {
  readonly steps: Step[] = [];
  readonly context: TranscriptContext;
  /** The prompt's tokens: measured by the provider at each call, estimated since. */
  readonly gauge: PromptGauge;
  /** The summary of the steps folded so far, and the last step it covers. */
  summary: { readonly text: string; readonly through: number } | undefined;
  #shortened = false;

  constructor(context: TranscriptContext, headTokens: number) {
    this.context = context;
    this.gauge = new PromptGauge(headTokens);
  }

  /** A step's results as the prompt shows them, kept whole for `read_result`. */
  protected shownResults(step: number, results: readonly string[]): ShownResult[] {
    const { budget, hint } = this.context;
    // The step's results share one step's room.
    const share = Math.floor(budget.resultShare / Math.max(1, results.length));
    return results.map((whole, index) => {
      const id = results.length === 1 ? String(step) : `${step}.${index + 1}`;
      this.context.results.set(id, whole);
      const shown = boundResult(whole, id, share, hint);
      if (shown !== whole) this.gauge.add(this.#shorten());
      return { id, whole, shown, tokens: estimateTextTokens(shown), cleared: false };
    });
  }

  /** Estimated tokens of a step as the prompt shows it now. */
  stepTokens(step: TranscriptStep) {
    let tokens = step.ownTokens;
    for (const result of step.results) tokens += result.tokens;
    return tokens;
  }

  /** The placeholder's tokens for a result, were it cleared. */
  clearedTokens(result: ShownResult) {
    return estimateTextTokens(clearedResult(result.whole, result.id, this.context.hint));
  }

  /** A short result is left as it is: its placeholder would take more room. */
  worthClearing(result: ShownResult) {
    return !result.cleared && result.tokens > this.clearedTokens(result);
  }

  /**
   * Folds the oldest `summarised` steps into `summary`, then clears the oldest `cleared`
   * results of the steps left, and writes the prompt whole again. Gives the change in
   * estimated tokens.
   */
  compact(summarised: number, summary: string | undefined, cleared: number): number {
    let change = 0;
    if (summarised > 0 && summary !== undefined) {
      const folded = this.steps.splice(0, summarised);
      for (const step of folded) change -= this.stepTokens(step);
      change -= this.summaryTokens();
      this.summary = { text: summary, through: folded.at(-1)?.step ?? 0 };
      change += this.summaryTokens();
    }
    let left = cleared;
    for (const step of this.steps) {
      for (const result of step.results) {
        if (left === 0) break;
        if (!this.worthClearing(result)) continue;
        result.shown = clearedResult(result.whole, result.id, this.context.hint);
        change += estimateTextTokens(result.shown) - result.tokens;
        result.tokens = estimateTextTokens(result.shown);
        result.cleared = true;
        change += this.#shorten();
        left--;
      }
    }
    this.rewrite();
    return change;
  }

  /** Set once a result has been cut or cleared: the model may need `read_result` from then. */
  get shortened() {
    return this.#shortened;
  }

  /** Marks the run's first cut or cleared result; gives what that adds to the prompt. */
  #shorten() {
    if (this.#shortened) return 0;
    this.#shortened = true;
    return this.readToolTokens();
  }

  /** What the prompt gains once `read_result` may be needed: none where no list grows. */
  protected readToolTokens() {
    return 0;
  }

  /** Estimated tokens of the summary as the prompt shows it; 0 without one. */
  abstract summaryTokens(): number;
  /** A step as the summariser reads it, each result as `shown` gives it. */
  abstract stepLines(step: Step, shown: (result: ShownResult) => string): string;
  /** Writes the prompt whole again after a compaction. */
  protected abstract rewrite(): void;
}
