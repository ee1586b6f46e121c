import { LangchainMiniError } from "@langchain-mini/core";

/** One line of a session: an answered turn, or the rolling summary of the first turns. */
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

export function isSessionRecord(value: unknown): value is SessionRecord {
  if (typeof value !== "object" || value === null) return false;
  const record = value as Record<string, unknown>;
  if (record.type === "turn")
    return typeof record.question === "string" && typeof record.answer === "string";
  if (record.type === "summary")
    return typeof record.summary === "string" && typeof record.coveredTurns === "number";
  return false;
}

/** One JSON line, `type` first, so a write cut short is recognisable by its start. */
export function serializeRecord(record: SessionRecord) {
  const { type, ...rest } = record;
  return `${JSON.stringify({ type, ...rest })}\n`;
}

/**
 * A record cut short by a crash (or power loss, which can leave NUL bytes): the start of
 * one of our lines, never corruption of someone else's file.
 */
export function isTornRecord(line: string) {
  return (
    line.startsWith('{"type":"turn"') || line.startsWith('{"type":"summary"') || /^\0+$/.test(line)
  );
}

const validName = /^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$/;

/** Session names become file names: no paths, no surprises. */
export function checkSessionName(name: string) {
  if (!validName.test(name) || name.includes("..")) {
    throw new LangchainMiniError(
      "config_invalid",
      `'${name}' is not a session name: use letters, digits, '.', '_' and '-' (up to 64 characters, starting with a letter or digit)`,
    );
  }
  return name;
}
