import { isLangchainMiniError } from "../../contracts/errors.js";
import type { CompactionReason } from "../../contracts/events.js";
import type { LlmRequest } from "../../contracts/llm.js";
import type { RunRecord } from "../../contracts/run-journal.js";
import type { Emit } from "../agent-run.js";
import type { CallLlmOptions, LlmCallResult, LoopCall } from "../call-llm.js";
import type { LoopJournal } from "../loop-journal.js";
import { planCompaction } from "./compaction-plan.js";
import type { ContextBudget } from "./context-budget.js";
import { stepSummaryPrompt, summaryText } from "./step-summary.js";
import type { Transcript } from "./transcript.js";

export type CompactionRecord = Extract<RunRecord, { type: "compaction" }>;

/** One of the agent's calls, built from the prompt as it stands (after any compaction). */
export interface Attempt {
  readonly request: LlmRequest & { readonly signal: AbortSignal };
  readonly options: CallLlmOptions;
}

/** A transcript the keeper can compact and tell about each call. */
export type KeptTranscript = Transcript & {
  sent(usage: LlmCallResult["usage"]): void;
};

export interface KeeperOptions {
  readonly budget: ContextBudget;
  readonly emit: Emit;
  readonly journal: LoopJournal | undefined;
  /** The agent's calls: replayed from the journal, or made and kept. */
  readonly call: LoopCall;
  readonly signal: AbortSignal;
  readonly question: string;
  readonly temperature?: number;
}

/**
 * Keeps a run's prompt inside the model's window. Before each call it compacts when the
 * prompt (as measured at the last call, plus what was appended since) and the reply's
 * room would pass the window; when the provider refuses a prompt as too long anyway, it
 * compacts harder once and tries the call again. A resumed run applies the compactions
 * its journal recorded instead of deciding again, so it rebuilds the same prompts.
 */
export class ContextKeeper {
  readonly #options: KeeperOptions;

  constructor(options: KeeperOptions) {
    this.#options = options;
  }

  /** The call of `step`, its prompt kept inside the window. */
  async call(
    step: number,
    transcript: KeptTranscript,
    attempt: () => Attempt,
  ): Promise<LlmCallResult> {
    // Most calls need neither a compaction nor a look at the journal: no await for them.
    const { journal, budget } = this.#options;
    if (journal || transcript.gauge.tokens > budget.prompt)
      await this.#beforeCall(step, transcript);
    let result: LlmCallResult;
    const { call } = this.#options;
    const first = attempt();
    try {
      result = await call(first.request, first.options);
    } catch (error) {
      const refused = isLangchainMiniError(error) && error.code === "llm_context_exceeded";
      if (!refused || !(await this.#decide(step, transcript, "provider"))) throw error;
      const again = attempt();
      result = await call(again.request, again.options);
    }
    transcript.sent(result.usage);
    return result;
  }

  async #beforeCall(step: number, transcript: KeptTranscript) {
    let decided = false;
    for (;;) {
      const recorded = this.#options.journal?.compactionAt(step);
      if (recorded === "none") return;
      if (recorded) {
        decided ||= recorded.reason === "window";
        await this.#compact(transcript, recorded);
        continue;
      }
      if (!decided && transcript.gauge.tokens > this.#options.budget.prompt) {
        await this.#decide(step, transcript, "window");
      }
      return;
    }
  }

  /**
   * A compaction decided now. After the provider refused the prompt, the estimate was
   * short by at least the ratio of the room to it: the target shrinks by that ratio, to
   * a quarter of the room, and the last step's results may go too.
   */
  async #decide(step: number, transcript: KeptTranscript, reason: CompactionReason) {
    const { budget } = this.#options;
    const tokens = transcript.gauge.tokens;
    const target =
      reason === "window"
        ? budget.target
        : Math.floor((budget.prompt / 4) * Math.min(1, tokens / budget.prompt));
    const plan = planCompaction(transcript, {
      tokens,
      target,
      keepLastResults: reason === "window",
      summaryTokens: budget.summary,
    });
    if (plan.summarised === 0 && plan.cleared === 0) return false;
    const record: CompactionRecord = {
      type: "compaction",
      step,
      reason,
      ...plan,
      tokensBefore: tokens,
      window: budget.window,
    };
    await this.#options.journal?.keepCompaction(record);
    await this.#compact(transcript, record);
    return true;
  }

  /** Applies a compaction decided now or recorded: its summary call first, if it folds steps. */
  async #compact(transcript: KeptTranscript, record: CompactionRecord) {
    const { budget, question, signal, temperature } = this.#options;
    const { step, summarised, cleared } = record;
    let summary: string | undefined;
    if (summarised > 0) {
      const prompt = stepSummaryPrompt(transcript, summarised, question, budget.target);
      const through = transcript.steps[summarised - 1]?.step ?? 0;
      const request = { prompt, maxTokens: budget.summary, temperature, signal };
      const call = await this.#options.call(request, { step, purpose: "compaction" });
      summary = summaryText(call.completion, transcript.summary?.text, through);
    }
    transcript.gauge.change(transcript.compact(summarised, summary, cleared));
    this.#options.emit({
      type: "compaction",
      step,
      reason: record.reason,
      cleared,
      summarised,
      tokensBefore: record.tokensBefore,
      tokensAfter: transcript.gauge.tokens,
      window: record.window,
    });
  }
}
