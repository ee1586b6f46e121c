import type { ApprovalDecision } from "../contracts/approval.js";
import { type ErrorInfo, LangchainMiniError } from "../contracts/errors.js";
import type { RunRecord } from "../contracts/run-journal.js";
import type { Emit } from "./agent-run.js";
import type { LlmCallResult } from "./call-llm.js";

/** Where a run's journal goes, and what an earlier part of the run recorded (to resume it). */
export interface JournalHooks {
  /**
   * Keeps one record durably: the run waits for it, so a completion is kept before its
   * tool runs and a result before the next call. A rejection fails the run.
   */
  readonly write: (record: RunRecord) => Promise<void>;
  /** The run's records so far, when it resumes: replayed, not done again, before going on live. */
  readonly recorded?: readonly RunRecord[];
  /**
   * A new run's beginning (not a resumed one's), for its start record: the run waits for
   * it before its first LLM call, so that no call is paid for a run the journal lacks.
   */
  readonly start?: (run: JournaledStart) => Promise<void>;
}

/** What the loop knows of a run as it starts. */
export interface JournaledStart {
  readonly runId: string;
  readonly question: string;
  readonly tools: readonly string[];
}

/** What the journal says of a tool call: its result, or that it started and was cut short. */
export type RecordedCall =
  | { readonly kind: "result"; readonly observation: string; readonly error?: ErrorInfo }
  | { readonly kind: "interrupted" };

export interface RecordedDecision {
  readonly decision: ApprovalDecision;
  readonly asked: boolean;
}

type StepRecord = Extract<
  RunRecord,
  { type: "llm" | "tool-start" | "tool-end" | "decision" | "compaction" }
>;
type CompactionRecord = Extract<RunRecord, { type: "compaction" }>;

const isStepRecord = (record: RunRecord): record is StepRecord =>
  record.type === "llm" ||
  record.type === "tool-start" ||
  record.type === "tool-end" ||
  record.type === "decision" ||
  record.type === "compaction";

/**
 * The journal as the loop sees it. While recorded steps remain, each LLM call, decision
 * and tool result is taken from them in order (the loop computes the same prompts from
 * them, since a prompt only grows); once they run out the run is live, and each new step
 * is written before the loop goes on. The `resumed` event marks that moment.
 */
export class LoopJournal {
  readonly #write: (record: RunRecord) => Promise<void>;
  readonly #recorded: readonly StepRecord[];
  readonly #emit: Emit;
  #next = 0;
  #live: boolean;
  #replayedCalls = 0;
  /** Settles once the start record is kept: the first live call waits for it. */
  readonly started: Promise<void>;

  constructor(hooks: JournalHooks, emit: Emit, start: JournaledStart) {
    this.#write = hooks.write;
    this.started = (!hooks.recorded && hooks.start?.(start)) || Promise.resolve();
    this.#recorded = (hooks.recorded ?? []).filter(isStepRecord);
    // A resumed run goes live (and says so) at its first step even when nothing was recorded.
    this.#live = hooks.recorded === undefined;
    this.#emit = emit;
  }

  write(record: RunRecord): Promise<void> {
    return this.#live ? this.#write(record) : Promise.resolve();
  }

  /**
   * The recorded completion of this step's call (the agent's own, or a compaction's
   * summary), or undefined when the call is live.
   */
  llmCall(step: number, purpose?: "compaction"): LlmCallResult | undefined {
    const record = this.#take("llm", step);
    if (!record) return undefined;
    if (record.purpose !== purpose) {
      throw this.#mismatch(
        step,
        record.purpose ? "a summary call" : "a call",
        purpose ? "a summary call" : "a call",
      );
    }
    this.#replayedCalls++;
    return {
      completion: record.completion,
      toolCalls: record.toolCalls ?? [],
      reason: record.reason,
      ...(record.usage ? { usage: record.usage } : {}),
      ...(record.cost === undefined ? {} : { cost: record.cost }),
    };
  }

  /** The decision a person already gave on this call, if the journal has it next. */
  decision(step: number, tool: string, input: string): RecordedDecision | undefined {
    const record = this.#peek();
    if (record?.type !== "decision") return undefined;
    this.#check(record, "decision", step, tool, input);
    this.#next++;
    const decision: ApprovalDecision = record.approved
      ? { approved: true, ...(record.always ? { always: true } : {}) }
      : { approved: false, ...(record.note === undefined ? {} : { note: record.note }) };
    return { decision, asked: record.asked !== false };
  }

  /** Keeps a decision made now: a pause as the run's `pause`, any other as its `decision`. */
  keepDecision(step: number, tool: string, input: string) {
    return (decision: ApprovalDecision, asked: boolean) => {
      const at = new Date().toISOString();
      if (decision.pause) return this.write({ type: "pause", step, tool, input, at });
      const always = decision.approved && decision.always ? { always: true as const } : {};
      const note = !decision.approved && decision.note ? { note: decision.note } : {};
      return this.write({
        type: "decision",
        step,
        tool,
        input,
        approved: decision.approved,
        asked,
        ...always,
        ...note,
        at,
      });
    };
  }

  /**
   * The compaction recorded next, before this step's call (taken from the records);
   * "none" while the journal goes on with something else; undefined once the records have
   * run out, when the run decides for itself.
   */
  compactionAt(step: number): CompactionRecord | "none" | undefined {
    const record = this.#peek();
    if (record?.type === "compaction" && record.step === step) {
      this.#next++;
      return record;
    }
    return this.#live || this.#next >= this.#recorded.length ? undefined : "none";
  }

  /** Keeps a compaction decided now, before its summary call. */
  keepCompaction(record: CompactionRecord) {
    this.#goLive();
    return this.#write(record);
  }

  /** What became of this tool call before, or undefined when it never started. */
  toolCall(step: number, tool: string, input: string): RecordedCall | undefined {
    const start = this.#take("tool-start", step, tool, input);
    if (!start) return undefined;
    const end = this.#peek();
    if (end?.type !== "tool-end") {
      this.#goLive();
      return { kind: "interrupted" };
    }
    this.#check(end, "tool-end", step, tool, input);
    this.#next++;
    return {
      kind: "result",
      observation: end.observation,
      ...(end.error ? { error: end.error } : {}),
    };
  }

  #peek(): StepRecord | undefined {
    return this.#live ? undefined : this.#recorded[this.#next];
  }

  /** The next record when it is of this type; going live when the records have run out. */
  #take<Type extends StepRecord["type"]>(
    type: Type,
    step: number,
    tool?: string,
    input?: string,
  ): Extract<StepRecord, { type: Type }> | undefined {
    const record = this.#peek();
    if (!record) {
      this.#goLive();
      return undefined;
    }
    this.#check(record, type, step, tool, input);
    this.#next++;
    return record as Extract<StepRecord, { type: Type }>;
  }

  /** A journal that does not match the run replaying it: another tool set, another loop. */
  #check(record: StepRecord, type: string, step: number, tool?: string, input?: string) {
    const matches =
      record.type === type &&
      record.step === step &&
      (tool === undefined || ("tool" in record && record.tool === tool)) &&
      (input === undefined || ("input" in record && record.input === input));
    if (matches) return;
    throw this.#mismatch(step, record.type, type);
  }

  #mismatch(step: number, recorded: string, made: string) {
    return new LangchainMiniError(
      "journal_mismatch",
      `The run's journal does not match the run at step ${step} (it recorded ${recorded} where the run made ${made}): the tools or the agent changed since; ask the question again`,
    );
  }

  /** Marks the end of the replay when the run ends inside it (its last step was recorded). */
  settle() {
    if (!this.#live && this.#next === this.#recorded.length) this.#goLive();
  }

  #goLive() {
    if (this.#live) return;
    this.#live = true;
    const rest = this.#recorded.length - this.#next;
    if (rest > 0) {
      throw new LangchainMiniError(
        "journal_mismatch",
        `The run's journal has ${rest} record${rest === 1 ? "" : "s"} the run did not reach: ask the question again`,
      );
    }
    this.#emit({ type: "resumed", replayedCalls: this.#replayedCalls });
  }
}
