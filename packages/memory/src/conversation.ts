import {
  type AgentEvent,
  type AgentResult,
  type AgentRun,
  type AgentRunOptions,
  callLlm,
  checkSessionName,
  type Emit,
  errorInfo,
  forwardRun,
  type Llm,
  NO_TALLY,
  type SessionRecord,
  type SessionStore,
  startRun,
  tallyCall,
  tallyFields,
  turnsOf,
} from "@langchain-mini/core";
import { renderCondenseQuestionPrompt } from "@langchain-mini/prompts";
import { DEFAULT_HISTORY, type HistoryStrategy, parseHistoryStrategy } from "./history-strategy.js";

export interface ConversationOptions {
  /** Anything that runs a question: core's Agent or ToolCallingAgent. */
  readonly agent: { run(question: string, options?: AgentRunOptions): AgentRun };
  /** Rewrites follow-ups (and writes the summary, with that strategy). */
  readonly llm: Llm;
  readonly store: SessionStore;
  readonly session: string;
  /** What history the prompts get; default the last turns that fit 2,000 tokens. */
  readonly history?: HistoryStrategy;
  /**
   * Blanks secrets (API keys) out of every text before it is stored: the question, the
   * answer, the rewritten question and the summary. The host passes the same redactor its
   * output uses, so a key the user pasted or a tool echoed never reaches the session.
   */
  readonly redact?: (text: string) => string;
}

/**
 * A conversation held in a session store: seed 000's loop. A follow-up is rewritten into
 * a standalone question from the history, the agent answers it, and the turn is stored.
 * Everything is one event stream: the agent's run-start first, memory's own LLM calls
 * marked with their `purpose`, and run-end last, its usage and cost counting every call the
 * turn made. A store that cannot be read or written costs the history or the saving, with
 * a warning, never the answer; the result's `saved` says whether an answered turn was stored.
 */
/** A turn's options: its signal, and the run's id and journal (see core's `AgentRunOptions`). */
export interface TurnOptions extends Pick<AgentRunOptions, "signal" | "runId" | "journal"> {
  /**
   * The question the agent already works on, for a turn taken up again from its journal:
   * it was rewritten before, so it is not rewritten again (nor the history read).
   */
  readonly standalone?: string;
}

export class Conversation {
  readonly options: ConversationOptions;

  constructor(options: ConversationOptions) {
    checkSessionName(options.session);
    this.options = options;
  }

  ask(question: string, options: TurnOptions = {}): AgentRun {
    return startRun((emit) => this.#turn(question, emit, options));
  }

  async #turn(question: string, emit: Emit, options: TurnOptions): Promise<AgentResult> {
    const { signal } = options;
    const started = performance.now();
    const history = this.options.history ?? parseHistoryStrategy(DEFAULT_HISTORY, this.options.llm);
    // Events from before the agent starts wait until its run-start has gone out.
    const early: AgentEvent[] = [];
    let agentStarted = false;
    let memoryCalls = 0;
    // Every call of the turn, memory's and the agent's, in the order they ended: one
    // without a price makes the turn's cost unknown.
    let spent = NO_TALLY;
    const memoryEmit: Emit = (event) => {
      if (event.type === "llm-end") {
        memoryCalls++;
        spent = tallyCall(spent, event);
      }
      if (agentStarted) emit(event);
      else early.push(event);
    };

    const { records, refused } =
      options.standalone === undefined
        ? await this.#load(memoryEmit, signal)
        : { records: [], refused: false };
    const standalone =
      options.standalone ??
      (turnsOf(records).length > 0
        ? await this.#rewrite(question, history.history(records), memoryEmit, signal)
        : question);

    const { runId, journal } = options;
    const run = this.options.agent.run(standalone, {
      ...(signal ? { signal } : {}),
      ...(runId ? { runId } : {}),
      ...(journal ? { journal } : {}),
    });
    const agentResult = await forwardRun(run, (event) => {
      // Held back: it goes out last, once the turn is stored and memory's calls counted.
      if (event.type === "run-end") return;
      emit(event);
      if (event.type === "llm-end") spent = tallyCall(spent, event);
      if (event.type === "run-start") {
        agentStarted = true;
        for (const held of early.splice(0)) emit(held);
      }
    });
    let saved: boolean | undefined;
    if (agentResult.status === "answered" && agentResult.answer !== undefined) {
      saved =
        !refused &&
        (await this.#save(
          {
            type: "turn",
            question,
            answer: agentResult.answer,
            ...(standalone !== question ? { standaloneQuestion: standalone } : {}),
            at: new Date().toISOString(),
          },
          memoryEmit,
          signal,
        ));
      if (saved) await this.#afterTurn(history, memoryEmit, signal);
    }
    const { cost: _agentCost, ...agentRest } = agentResult;
    const result: AgentResult = {
      ...agentRest,
      ...(saved === undefined ? {} : { saved }),
      ...tallyFields(spent),
      llmCalls: agentResult.llmCalls + memoryCalls,
      durationMs: Math.round(performance.now() - started),
    };
    emit({ type: "run-end", result });
    return result;
  }

  /**
   * The session's records. `refused`: the store turned us away for a reason that saving
   * would meet too (a wrong password, a directory that is a file), so the turn is not
   * saved either, and the user reads one warning rather than two.
   */
  async #load(
    emit: Emit,
    signal?: AbortSignal,
  ): Promise<{ records: readonly SessionRecord[]; refused: boolean }> {
    const { store, session } = this.options;
    try {
      const { records, warnings } = await store.load(session, { signal });
      for (const message of warnings) emit({ type: "warning", message });
      return { records, refused: false };
    } catch (error) {
      const { code, message } = errorInfo(error);
      const refused = code === "config_invalid";
      emit({
        type: "warning",
        message: `${message} (answering without the conversation's history${refused ? "; this turn will not be saved" : ""})`,
      });
      return { records: [], refused };
    }
  }

  async #save(record: SessionRecord, emit: Emit, signal?: AbortSignal) {
    try {
      await this.options.store.append(this.options.session, this.#redacted(record), { signal });
      return true;
    } catch (error) {
      emit({
        type: "warning",
        message: `${errorInfo(error).message} (the answer was not saved)`,
      });
      return false;
    }
  }

  #redacted(record: SessionRecord): SessionRecord {
    const redact = this.options.redact;
    if (!redact) return record;
    if (record.type === "summary") return { ...record, summary: redact(record.summary) };
    const { standaloneQuestion } = record;
    return {
      ...record,
      question: redact(record.question),
      answer: redact(record.answer),
      ...(standaloneQuestion === undefined
        ? {}
        : { standaloneQuestion: redact(standaloneQuestion) }),
    };
  }

  /** The condense-question call; on failure or an empty reply, the original question. */
  async #rewrite(question: string, history: string, emit: Emit, signal?: AbortSignal) {
    const prompt = renderCondenseQuestionPrompt({ question, history });
    try {
      const call = await callLlm(
        this.options.llm,
        { prompt, signal: signal ?? new AbortController().signal },
        { step: 0, purpose: "rewrite" },
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
      // Cancelled: the agent sees the same signal and ends the run as aborted.
      if (signal?.aborted) return question;
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
      const { records } = await store.load(session, { signal });
      const record = await history.afterTurn(records, {
        signal: signal ?? new AbortController().signal,
        emit,
      });
      if (record) await store.append(session, this.#redacted(record), { signal });
    } catch (error) {
      if (signal?.aborted) return;
      emit({
        type: "warning",
        message: `Could not update the conversation summary (${errorInfo(error).message}); it will catch up next turn`,
      });
    }
  }
}
