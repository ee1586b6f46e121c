import type { ApprovalPolicy, Approve } from "../contracts/approval.js";
import type { AgentEvent, AgentResult } from "../contracts/events.js";
import type { Llm } from "../contracts/llm.js";
import type { Tool } from "../contracts/tool.js";
import { Runnable, type RunOptions } from "../runnable/runnable.js";
import { type AgentRun, type Emit, startRun } from "./agent-run.js";
import { RunBudget, type SharedBudget } from "./budget.js";
import { callLlm, type LoopCall, llmRecord, replayLlmCall } from "./call-llm.js";
import type { ReadHint } from "./context/bounded-result.js";
import { contextBudget } from "./context/context-budget.js";
import { ContextKeeper } from "./context/context-keeper.js";
import { readResultTool } from "./context/read-result-tool.js";
import type { TranscriptContext } from "./context/transcript.js";
import { LoopGuard } from "./loop-guard.js";
import { type JournalHooks, LoopJournal } from "./loop-journal.js";
import { RunState } from "./run-state.js";
import type { Action, ActionOutcome } from "./take-action.js";
import { takeAction } from "./take-action.js";

const ignoreEvent: Emit = () => {};

/** LLM calls before a run gives up, unless told otherwise. */
export const DEFAULT_MAX_STEPS = 15;

/**
 * Output tokens per LLM call, unless told otherwise: far more than a ReAct step or an
 * answer needs, and a bound on a model that never stops.
 */
export const DEFAULT_MAX_TOKENS = 4_096;

/** Per tool call, unless the tool or the agent sets its own. */
export const DEFAULT_TOOL_TIMEOUT_MS = 60_000;

/** What both agent modes share: limits, tools, the per-tool timeout. */
export interface AgentLimits {
  readonly llm: Llm;
  /** Text tools and typed tools alike. */
  readonly tools?: readonly Tool<unknown>[];
  /** LLM calls before the run stops; default 15. */
  readonly maxSteps?: number;
  /** Wall-clock limit for the whole run; none by default. */
  readonly maxTimeMs?: number;
  /** Per tool call, unless the tool sets its own; default 60 s. */
  readonly toolTimeoutMs?: number;
  /**
   * Output tokens per LLM call; default 4,096, lowered to a quarter of the model's context
   * window when the model says its window and it is small (a warning says so when the
   * limit was set here). A reply cut there is reported in a warning.
   */
  readonly maxTokens?: number;
  readonly temperature?: number;
  /** Which tool calls wait for approval; default "auto": those of tools that need it. */
  readonly approval?: ApprovalPolicy;
  /**
   * Asks a person about a call that waits for approval. Without it such calls are
   * declined (the model reads why); a run's own `approve` wins over this one.
   */
  readonly approve?: Approve;
  /**
   * US dollars the run may spend on LLM calls; none by default. Checked before each call
   * against what it could cost: a call that could pass it is not made, and the run stops
   * (`budget_exceeded`). Needs the model's price.
   */
  readonly maxCost?: number;
  /** Tokens the run's LLM calls may use, prompts and replies together; checked as `maxCost` is. */
  readonly maxTokensTotal?: number;
  /** A budget in dollars this run shares with the runs before it (a session's). */
  readonly sessionBudget?: SharedBudget;
}

/** A run's options: its signal, who approves its tool calls, its id and its journal. */
export interface AgentRunOptions extends RunOptions {
  readonly approve?: Approve;
  /** The run's id (its run-start's `runId`); default a new UUID. A resumed run keeps its own. */
  readonly runId?: string;
  /** Keeps the run's steps as they happen, and replays those of a run taken up again. */
  readonly journal?: JournalHooks;
}

/**
 * An agent is a Runnable from a question to a result whose stream is the run's events.
 * Subclasses write only the loop; `begin` gives it the state and the action runner.
 */
export abstract class AgentBase<Options extends AgentLimits> extends Runnable<
  string,
  AgentResult,
  AgentEvent
> {
  readonly options: Options;
  readonly tools: readonly Tool<unknown>[];

  constructor(options: Options) {
    super();
    this.options = options;
    this.tools = options.tools ?? [];
  }

  run(question: string, options: AgentRunOptions = {}): AgentRun {
    return startRun((emit) => this.loop(question, emit, options));
  }

  /**
   * The result alone. Nobody can read this run's events, so none are kept: the loop emits
   * into nothing instead of filling a queue (every piece of text a delta) that is dropped
   * unread at the end.
   */
  invoke(question: string, options: AgentRunOptions = {}) {
    return this.loop(question, ignoreEvent, options);
  }

  override async *stream(question: string, options?: AgentRunOptions): AsyncGenerator<AgentEvent> {
    yield* this.run(question, options);
  }

  protected abstract loop(
    question: string,
    emit: Emit,
    options: AgentRunOptions,
  ): Promise<AgentResult>;

  /**
   * Emits run-start and returns the run's state, a function that makes the agent's LLM
   * calls and one that takes actions: both replay what the run's journal recorded, and
   * keep in it what they do live. Also what keeps the prompt inside the model's window:
   * the share of it each part gets, the keeper that compacts, and the built-in
   * `read_result` (told how this mode's model calls it by `hint`).
   */
  protected begin(question: string, emit: Emit, options: AgentRunOptions, hint: ReadHint) {
    const { signal } = options;
    const { llm } = this.options;
    const maxTokens = this.options.maxTokens ?? DEFAULT_MAX_TOKENS;
    const budget = contextBudget(llm.contextWindow, maxTokens);
    const maxSteps = this.options.maxSteps ?? DEFAULT_MAX_STEPS;
    const state = new RunState(
      question,
      { maxSteps, maxTimeMs: this.options.maxTimeMs },
      emit,
      signal,
      options.runId,
    );
    const tools = this.tools.map((tool) => tool.name);
    const journal =
      options.journal &&
      new LoopJournal(options.journal, emit, { runId: state.id, question, tools });
    if (journal) state.beforeEnd = () => journal.settle();
    emit({
      type: "run-start",
      runId: state.id,
      question,
      tools,
      maxSteps,
      provider: llm.provider,
      model: llm.model,
    });
    // Only a limit someone set is worth a word: the default is lowered quietly.
    if (this.options.maxTokens !== undefined && budget.maxTokens < maxTokens) {
      emit({
        type: "warning",
        message: `Replies are limited to ${budget.maxTokens} tokens instead of ${maxTokens}, to leave room for the prompt in the model's context window of ${budget.window} tokens`,
      });
    }
    const results = new Map<string, string>();
    const transcript: TranscriptContext = { budget, results, hint };
    const readResult = readResultTool(results, budget.resultShare, hint);
    const context = {
      tools: this.tools,
      builtIns: [readResult],
      guard: new LoopGuard(),
      state,
      emit,
      toolTimeoutMs: this.options.toolTimeoutMs ?? DEFAULT_TOOL_TIMEOUT_MS,
      approval: this.options.approval ?? "auto",
      approve: options.approve ?? this.options.approve,
      journal,
    };
    const act = (action: Action): Promise<ActionOutcome> => takeAction(action, context);
    const spending = new RunBudget(this.options, {
      label: `${llm.provider}:${llm.model}`,
      price: llm.price,
      defaultMaxTokens: DEFAULT_MAX_TOKENS,
    });
    const call: LoopCall = async (request, callOptions) => {
      // Before the call, so that one that could pass the budget is never made.
      const input = spending.admit(request, callOptions);
      const compaction = callOptions.purpose === "compaction" ? "compaction" : undefined;
      const recorded = journal?.llmCall(callOptions.step, compaction);
      if (!recorded) await journal?.started;
      const result = recorded
        ? replayLlmCall(recorded, request, callOptions, emit)
        : await callLlm(llm, request, callOptions, emit);
      state.addCall(result);
      spending.add(result, input, callOptions);
      if (!recorded) await journal?.write(llmRecord(callOptions, result));
      return result;
    };
    const keeper = new ContextKeeper({
      budget,
      emit,
      journal,
      call,
      signal: state.signal,
      question,
      temperature: this.options.temperature,
    });
    return { state, maxSteps, act, keeper, transcript, readResult, spending };
  }
}
