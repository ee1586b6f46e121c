import { LangchainMiniError } from "./errors.js";
import type { RunJournal } from "./run-journal.js";
import type { StoreCallOptions } from "./store-call-options.js";

export type { StoreCallOptions };

/** One record of a session: an answered turn, or the rolling summary of the first turns. */
export type SessionRecord =
  | {
      readonly type: "turn";
      readonly question: string;
      readonly answer: string;
      /** The question as the agent got it, when memory rewrote a follow-up. */
      readonly standaloneQuestion?: string;
      readonly at: string;
    }
  | {
      readonly type: "summary";
      readonly summary: string;
      readonly coveredTurns: number;
      readonly at: string;
    };

export type TurnRecord = Extract<SessionRecord, { type: "turn" }>;

export function turnsOf(records: readonly SessionRecord[]): TurnRecord[] {
  return records.filter((record): record is TurnRecord => record.type === "turn");
}

/** Whether a value read back from storage is one of our records (storage is not trusted). */
export function isSessionRecord(value: unknown): value is SessionRecord {
  if (typeof value !== "object" || value === null) return false;
  const record = value as Record<string, unknown>;
  if (record.type === "turn")
    return typeof record.question === "string" && typeof record.answer === "string";
  if (record.type === "summary")
    return typeof record.summary === "string" && typeof record.coveredTurns === "number";
  return false;
}

const validName = /^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$/;

/**
 * Session names become file names and keys: no paths, no separators, no surprises.
 * Every store checks them, so a name that works in one store works in all of them.
 */
export function checkSessionName(name: string) {
  if (!isSessionName(name)) {
    throw new LangchainMiniError(
      "config_invalid",
      `'${name}' is not a session name: use letters, digits, '.', '_' and '-' (up to 64 characters, starting with a letter or digit)`,
    );
  }
  return name;
}

/** Whether `checkSessionName` takes a name: for a store listing entries it did not write. */
export function isSessionName(name: string): boolean {
  return validName.test(name) && !name.includes("..");
}

export interface LoadedSession {
  /** Every turn in the order it was appended; summaries wherever the store keeps them. */
  readonly records: readonly SessionRecord[];
  /** Problems found and dealt with (a damaged file moved aside), for the user to see. */
  readonly warnings: readonly string[];
}

export interface SessionInfo {
  readonly name: string;
  /** 0 when the session cannot be read (see `problem`). */
  readonly turns: number;
  readonly updatedAt: Date;
  /** The newest turn's question, as asked, when the store knows it cheaply (for pickers). */
  readonly lastQuestion?: string;
  /**
   * Why the session cannot be read (no permission, not a file), in a few words. It is
   * still listed, so that the user sees it and can delete it.
   */
  readonly problem?: string;
}

/**
 * The narrow store a conversation needs: load, append, clear, list. Appends to one
 * session from any number of callers keep every record, each caller's in its order.
 * A store may keep only the newest summary of a session. Failures reject with a
 * `LangchainMiniError` whose one-line message says what to check and never holds a
 * secret; a remote store bounds every call in time.
 */
export interface SessionStore {
  load(session: string, options?: StoreCallOptions): Promise<LoadedSession>;
  append(session: string, record: SessionRecord, options?: StoreCallOptions): Promise<void>;
  clear(session: string, options?: StoreCallOptions): Promise<void>;
  /** Newest first. */
  list(options?: StoreCallOptions): Promise<SessionInfo[]>;
  /**
   * The journals of runs (see `RunJournal`), kept beside the conversations: a store
   * without it runs questions unjournaled, so they cannot be resumed.
   */
  readonly runs?: RunJournal;
  /** Lets go of connections; a store with none need not have it. */
  close?(): Promise<void>;
}
