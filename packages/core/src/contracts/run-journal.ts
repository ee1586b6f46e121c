import { type ErrorInfo, LangchainMiniError } from "./errors.js";
import type { CompactionReason } from "./events.js";
import type { FinishReason, TokenUsage, ToolCall } from "./llm.js";
import type { StoreCallOptions } from "./store-call-options.js";

/**
 * What a run was started with, enough to start it again elsewhere: the agent rebuilds
 * the same first prompt from it (the date included), and a host the same model and tools.
 */
export interface RunSettings {
  /** `--llm` as given (never a key), e.g. `openai:gpt-4o-mini`; the provider's own name otherwise. */
  readonly llm: string;
  readonly provider: string;
  readonly model: string;
  /** The tools' names, in the prompt's order. */
  readonly tools: readonly string[];
  /** `--tools` as given, when it was given. */
  readonly toolsSpec?: string;
  /** `--mcp` as given (an absolute path), when it was given. */
  readonly mcp?: string;
  readonly agent: "react" | "tools";
  readonly maxSteps: number;
  readonly maxTokens?: number;
  /** The run's budgets (`--max-cost`, `--max-tokens-total`), which it keeps when resumed. */
  readonly maxCost?: number;
  readonly maxTokensTotal?: number;
  readonly approval: "auto" | "always" | "never" | "pause";
  /** The date the prompt says it is, so the resumed prompt says the same. */
  readonly today: string;
  /** The stored conversation the answer goes to, when there is one. */
  readonly session?: string;
  /** The question as the user asked it, when memory rewrote it into `question`. */
  readonly asked?: string;
  /** What started the run when not a command line: `serve`, whose processes take it up. */
  readonly via?: string;
}

/**
 * One entry of a run's journal, appended as the run goes: each completion before its tool
 * runs, each tool's intent before it runs and its result before the next call, each
 * decision a person made. A run is its `start` and these, in order.
 */
export type RunRecord =
  | {
      readonly type: "start";
      readonly runId: string;
      readonly question: string;
      readonly settings: RunSettings;
      readonly at: string;
    }
  | {
      /** A finished LLM call of the agent's, as the model gave it. */
      readonly type: "llm";
      readonly step: number;
      /** Set on the call that summarised older steps for a compaction (see `compaction`). */
      readonly purpose?: "compaction";
      readonly completion: string;
      /** Native tool calls, `providerData` included: the next request carries them back. */
      readonly toolCalls?: readonly ToolCall[];
      readonly reason: FinishReason;
      readonly usage?: TokenUsage;
      readonly cost?: number;
    }
  | {
      /** A tool call about to run: a result missing after it means it may have acted. */
      readonly type: "tool-start";
      readonly step: number;
      readonly tool: string;
      readonly input: string;
    }
  | {
      readonly type: "tool-end";
      readonly step: number;
      readonly tool: string;
      readonly input: string;
      readonly observation: string;
      readonly error?: ErrorInfo;
    }
  | {
      /**
       * A decision on a call that waited for approval. `by` and `at` say who and when for
       * a decision given from outside the run (`runs approve`); only a person's command
       * writes one, never the text of a model, tool or server.
       */
      readonly type: "decision";
      readonly step: number;
      readonly tool: string;
      readonly input: string;
      readonly approved: boolean;
      /** False when there was no one to ask and the call was declined unasked. */
      readonly asked: boolean;
      readonly always?: true;
      readonly note?: string;
      readonly by?: string;
      readonly at: string;
    }
  | {
      /** The run waits for a person's decision on this call. */
      readonly type: "pause";
      readonly step: number;
      readonly tool: string;
      readonly input: string;
      readonly at: string;
    }
  | {
      /**
       * The run compacts its prompt before this step's call, as its `compaction` event says:
       * kept before the summary call it makes (an `llm` record with purpose `compaction`,
       * when it folds steps). A resumed run applies it as recorded, so it rebuilds the same
       * prompts, even after a refusal the journal does not hold.
       */
      readonly type: "compaction";
      readonly step: number;
      readonly reason: CompactionReason;
      readonly cleared: number;
      readonly summarised: number;
      readonly tokensBefore: number;
      readonly window: number;
    }
  | {
      /** A process took the run up again, after it was interrupted or paused. */
      readonly type: "resume";
      readonly by: string;
      readonly at: string;
    }
  | {
      readonly type: "end";
      readonly status: string;
      readonly answer?: string;
      readonly error?: ErrorInfo;
      readonly at: string;
    };

export type RunRecordType = RunRecord["type"];

/** A run's journal read back: its records in order, and problems dealt with on the way. */
export interface LoadedRun {
  readonly records: readonly RunRecord[];
  /** E.g. a record cut short by a crash during its write, left out. */
  readonly warnings: readonly string[];
}

/**
 * Who holds a run while it goes on: a process on a machine, until `expiresAt` (epoch
 * ms) unless it renews. A process that finds its holder's lease expired, or its holder
 * gone from this machine, may take the run over.
 */
export interface RunLease {
  /** Unique per process and run. */
  readonly owner: string;
  readonly host: string;
  readonly pid: number;
  readonly expiresAt: number;
}

export interface RunListing {
  readonly runId: string;
  readonly updatedAt: Date;
}

/** How a record is appended. */
export interface AppendOptions extends StoreCallOptions {
  /**
   * False: the record need only survive the process, not the machine, until the run's
   * next durable append (which makes it durable too, being earlier in the same journal):
   * for a record whose loss costs nothing a crash does not cost anyway (a run's start
   * and end). A store may keep every record durably regardless. Default true.
   */
  readonly durable?: boolean;
}

/**
 * Run journals, kept by a session store beside its conversations (`SessionStore.runs`).
 * Appends are durable when they resolve (unless asked not to be): a crash right after
 * loses nothing, a crash during one leaves at most that record out, and every record
 * read back is whole. One writer at a time per run (the lease holder); any number of
 * readers.
 */
export interface RunJournal {
  append(runId: string, record: RunRecord, options?: AppendOptions): Promise<void>;
  /** Empty records for a run the store does not have. */
  load(runId: string, options?: StoreCallOptions): Promise<LoadedRun>;
  /** Every run kept, newest first. */
  list(options?: StoreCallOptions): Promise<RunListing[]>;
  /** The run and its lease; nothing for a run the store does not have. */
  delete(runId: string, options?: StoreCallOptions): Promise<void>;
  lease(runId: string, options?: StoreCallOptions): Promise<RunLease | undefined>;
  /**
   * Sets the lease to `next` (or none) only if it is still `expected` (or none), compared
   * field by field (`sameLease`): true when it was swapped. Two processes that both saw the
   * same lease cannot both win. A store may forget a lease once it has expired.
   */
  swapLease(
    runId: string,
    expected: RunLease | undefined,
    next: RunLease | undefined,
    options?: StoreCallOptions,
  ): Promise<boolean>;
}

const validRunId = /^[A-Za-z0-9][A-Za-z0-9_-]{0,63}$/;

/** Run ids become file names and keys: a run's own id is a UUID, and nothing else passes. */
export function isRunId(id: string): boolean {
  return validRunId.test(id);
}

/**
 * `isRunId` for a store's callers: anything else is a one-line configuration error, the
 * id shown escaped and cut short (it may hold line breaks or be a megabyte long).
 */
export function checkRunId(id: string) {
  if (!isRunId(id)) {
    const shown = JSON.stringify(String(id)).slice(1, -1);
    throw new LangchainMiniError(
      "config_invalid",
      `'${shown.length > 70 ? `${shown.slice(0, 69)}…` : shown}' is not a run id: use up to 64 letters, digits, '_' and '-', starting with a letter or digit (a run's own id is a UUID)`,
    );
  }
  return id;
}

/** Whether a value read back from storage is a lease (storage is not trusted). */
export function isRunLease(value: unknown): value is RunLease {
  if (typeof value !== "object" || value === null) return false;
  const lease = value as Record<string, unknown>;
  return (
    typeof lease.owner === "string" &&
    typeof lease.host === "string" &&
    Number.isSafeInteger(lease.pid) &&
    Number.isFinite(lease.expiresAt)
  );
}

/** Whether two leases (or none) are the same: what `swapLease` compares with `expected`. */
export function sameLease(a: RunLease | undefined, b: RunLease | undefined) {
  if (a === undefined || b === undefined) return a === b;
  return a.owner === b.owner && a.host === b.host && a.pid === b.pid && a.expiresAt === b.expiresAt;
}

/** Whether a value read back from storage is one of our records (storage is not trusted). */
export function isRunRecord(value: unknown): value is RunRecord {
  if (typeof value !== "object" || value === null) return false;
  const record = value as Record<string, unknown>;
  switch (record.type) {
    case "start":
      return (
        typeof record.runId === "string" &&
        typeof record.question === "string" &&
        typeof record.settings === "object" &&
        record.settings !== null
      );
    case "llm":
      return typeof record.step === "number" && typeof record.completion === "string";
    case "tool-start":
      return typeof record.step === "number" && typeof record.tool === "string";
    case "tool-end":
      return typeof record.step === "number" && typeof record.observation === "string";
    case "decision":
      return typeof record.step === "number" && typeof record.approved === "boolean";
    case "pause":
      return typeof record.step === "number" && typeof record.tool === "string";
    case "compaction":
      return (
        typeof record.step === "number" &&
        (record.reason === "window" || record.reason === "provider") &&
        Number.isSafeInteger(record.cleared) &&
        Number.isSafeInteger(record.summarised) &&
        typeof record.tokensBefore === "number" &&
        typeof record.window === "number"
      );
    case "resume":
      return typeof record.at === "string";
    case "end":
      return typeof record.status === "string";
    default:
      return false;
  }
}
