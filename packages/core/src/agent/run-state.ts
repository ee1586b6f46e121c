import {
  abortError,
  type ErrorCode,
  type ErrorInfo,
  errorInfo,
  LangchainMiniError,
} from "../contracts/errors.js";
import type { AgentResult, AgentStep, RunStatus } from "../contracts/events.js";
import type { TokenUsage } from "../contracts/llm.js";
import type { ToolRun } from "../contracts/tool.js";
import { NO_TALLY, type TalliedCall, tallyCall, tallyFields } from "../cost/usage-tally.js";
import type { Emit } from "./agent-run.js";

// The reason every run's end signal carries: one made at load, where `abort()` without a
// reason would build (and capture a stack for) a DOMException at the end of every run.
const RUN_ENDED = new DOMException("The run ended", "AbortError");

/** A limit the run reached, rather than a failure: the run is stopped, its steps kept. */
const STOPPING_CODES = new Set<ErrorCode>(["max_steps", "loop_detected", "budget_exceeded"]);

export interface RunLimits {
  readonly maxSteps: number;
  readonly maxTimeMs?: number;
}

/**
 * The bookkeeping every agent loop shares: steps, usage, the run's own signal (the
 * caller's abort or the time limit), and turning the end of a run into one result.
 */
export class RunState {
  readonly id: string;
  readonly question: string;
  readonly steps: AgentStep[] = [];
  readonly signal: AbortSignal;
  llmCalls = 0;
  readonly #emit: Emit;
  readonly #started = performance.now();
  readonly #userSignal: AbortSignal | undefined;
  readonly #deadline: AbortController | undefined;
  readonly #timer: ReturnType<typeof setTimeout> | undefined;
  readonly #limits: RunLimits;
  readonly #ended = new AbortController();
  /** What tools see of the run: its id, and a signal that fires when it ends. */
  readonly toolRun: ToolRun;
  /** Called once as the run ends, before its run-end event. */
  beforeEnd: (() => void) | undefined;

  constructor(
    question: string,
    limits: RunLimits,
    emit: Emit,
    signal?: AbortSignal,
    id: string = crypto.randomUUID(),
  ) {
    this.id = id;
    this.toolRun = { id, ended: this.#ended.signal };
    this.question = question;
    this.#limits = limits;
    this.#emit = emit;
    this.#userSignal = signal;
    if (limits.maxTimeMs !== undefined) {
      this.#deadline = new AbortController();
      const deadline = this.#deadline;
      this.#timer = setTimeout(() => deadline.abort(), limits.maxTimeMs);
    }
    const signals = [signal, this.#deadline?.signal].filter((s): s is AbortSignal => !!s);
    this.signal =
      signals.length === 1
        ? (signals[0] as AbortSignal)
        : signals.length
          ? AbortSignal.any(signals)
          : new AbortController().signal;
  }

  #spent = NO_TALLY;

  /** The tokens of the run's finished calls so far. */
  get usage(): TokenUsage {
    return this.#spent.usage;
  }

  /** One finished LLM call: its usage and, when known, its cost. */
  addCall(call: TalliedCall) {
    this.llmCalls++;
    this.#spent = tallyCall(this.#spent, call);
  }

  answered(answer: string): AgentResult {
    return this.#finish("answered", { answer });
  }

  /** The step limit: the run stops without an answer. */
  stepLimit(): AgentResult {
    const steps = this.#limits.maxSteps;
    return this.fail(
      new LangchainMiniError(
        "max_steps",
        `Agent stopped after ${steps} step${steps === 1 ? "" : "s"} without a final answer: raise --max-steps or simplify the question`,
      ),
    );
  }

  /** Any failure, including aborts and the time limit. */
  fail(error: unknown): AgentResult {
    let info: ErrorInfo;
    let status: RunStatus = "failed";
    if (this.#deadline?.signal.aborted && !this.#userSignal?.aborted) {
      info = {
        code: "max_time",
        message: `Agent stopped after the time limit of ${this.#limits.maxTimeMs} ms without a final answer: raise the limit or simplify the question`,
      };
      status = "stopped";
    } else if (this.#userSignal?.aborted) {
      info = errorInfo(abortError());
      status = "aborted";
    } else {
      info = errorInfo(error);
      if (STOPPING_CODES.has(info.code)) status = "stopped";
      else if (info.code === "run_paused") status = "paused";
    }
    this.#emit({ type: "error", error: info });
    return this.#finish(status, { error: info });
  }

  /** True when the time limit has passed (checked between steps too). */
  get timedOut() {
    return this.#deadline?.signal.aborted ?? false;
  }

  #finish(status: RunStatus, extra: { answer?: string; error?: ErrorInfo }): AgentResult {
    if (this.#timer) clearTimeout(this.#timer);
    this.beforeEnd?.();
    const result: AgentResult = {
      status,
      ...extra,
      question: this.question,
      steps: this.steps,
      ...tallyFields(this.#spent),
      llmCalls: this.llmCalls,
      durationMs: performance.now() - this.#started,
    };
    this.#emit({ type: "run-end", result });
    this.#ended.abort(RUN_ENDED);
    return result;
  }
}
