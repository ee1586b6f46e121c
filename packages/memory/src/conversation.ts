import {
  type AgentEvent,
  type AgentResult,
  type AgentRun,
  callLlm,
  type Emit,
  errorInfo,
  type Llm,
  type RunOptions,
  startRun,
} from "@langchain-mini/core";
import { renderCondenseQuestionPrompt } from "@langchain-mini/prompts";
import { type HistoryStrategy, tokenBudgetHistory } from "./history-strategy.js";
import { turnsOf } from "./session-record.js";
import type { SessionStore } from "./session-store.js";

export interface ConversationOptions {
  /** Anything that runs a question: core's Agent or ToolCallingAgent. */
  readonly agent: { run(question: string, options?: RunOptions): AgentRun };
  /** Rewrites follow-ups (and writes the summary, with that strategy). */
  readonly llm: Llm;
  readonly store: SessionStore;
  readonly session: string;
  /** What history the prompts get; default the last turns that fit 2,000 tokens. */
  readonly history?: HistoryStrategy;
}

/**
 * A conversation held in a session store: seed 000's loop. A follow-up is rewritten into
 * a standalone question from the history, the agent answers it, and the turn is stored.
 * Everything, the rewrite included, is one event stream; run-start stays first.
 */
export class Conversation {
  readonly options: ConversationOptions;

  constructor(options: ConversationOptions) {
    this.options = options;
  }

  ask(question: string, options: RunOptions = {}): AgentRun {
    return startRun((emit) => this.#turn(question, emit, options.signal));
  }

  async #turn(question: string, emit: Emit, signal?: AbortSignal): Promise<AgentResult> {
    const { store, session } = this.options;
    const history = this.options.history ?? tokenBudgetHistory(2_000);
    // Events from before the agent starts wait until its run-start has gone out.
    const early: AgentEvent[] = [];
    const hold: Emit = (event) => early.push(event);
    const { records, warnings } = await store.load(session);
    for (const message of warnings) hold({ type: "warning", message });
    const standalone =
      turnsOf(records).length > 0
        ? await this.#rewrite(question, history.history(records), hold, signal)
        : question;

    const run = this.options.agent.run(standalone, { signal });
    for await (const event of run) {
      emit(event);
      if (event.type === "run-start") for (const held of early.splice(0)) emit(held);
    }
    const result = await run.result;
    if (result.status === "answered" && result.answer !== undefined) {
      await store.append(session, {
        type: "turn",
        question,
        answer: result.answer,
        ...(standalone !== question ? { standaloneQuestion: standalone } : {}),
        at: new Date().toISOString(),
      });
      await this.#afterTurn(history, emit, signal);
    }
    return result;
  }

  /** The condense-question call; on failure or an empty reply, the original question. */
  async #rewrite(question: string, history: string, emit: Emit, signal?: AbortSignal) {
    const prompt = renderCondenseQuestionPrompt({ question, history });
    try {
      const call = await callLlm(
        this.options.llm,
        { prompt, signal: signal ?? new AbortController().signal },
        0,
        emit,
      );
      const rewritten = call.completion.trim().split("\n")[0]?.trim() ?? "";
      if (!rewritten) {
        emit({
          type: "warning",
          message: "The follow-up rewrite came back empty: using the question as asked",
        });
        return question;
      }
      emit({ type: "standalone-question", original: question, question: rewritten });
      return rewritten;
    } catch (error) {
      if (signal?.aborted) throw error;
      emit({
        type: "warning",
        message: `Could not rewrite the follow-up (${errorInfo(error).message}): using the question as asked`,
      });
      return question;
    }
  }

  async #afterTurn(history: HistoryStrategy, emit: Emit, signal?: AbortSignal) {
    if (!history.afterTurn) return;
    const { store, session } = this.options;
    try {
      const { records } = await store.load(session);
      const record = await history.afterTurn(records, signal);
      if (record) await store.append(session, record);
    } catch (error) {
      emit({
        type: "warning",
        message: `Could not update the conversation summary (${errorInfo(error).message}); it will catch up next turn`,
      });
    }
  }
}
