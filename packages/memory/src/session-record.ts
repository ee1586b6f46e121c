import type { SessionRecord } from "@langchain-mini/core";

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
