import type { FileHandle } from "node:fs/promises";
import { isRunRecord, type LoadedRun, type RunRecord } from "@langchain-mini/core";
import { withAppendFile, writeDurably } from "./session-file.js";

/**
 * Appends one line (ending in a newline) to a run's journal: one `write`, then
 * `fdatasync` (unless not `durable`: the next durable append's flushes it too). A last line left without its newline (a crash during its write) is cut off
 * first, so the new record starts on a fresh line and the torn one is gone for good.
 * Only the run's one writer appends, so nothing else can be half-way through a write
 * there. Returns whether the file was empty (new: its name wants syncing too).
 */
export function appendRunLine(path: string, line: string, durable = true): Promise<boolean> {
  return withAppendFile(path, async (file, size) => {
    const complete = await completeLength(file, size);
    if (complete < size) await file.truncate(complete);
    await writeDurably(file, Buffer.from(line), complete, durable);
    return complete === 0;
  });
}

/** The length of the file up to and including its last newline. */
async function completeLength(file: FileHandle, size: number) {
  if (size === 0) return 0;
  const last = Buffer.alloc(1);
  await file.read(last, 0, 1, size - 1);
  if (last[0] === 0x0a) return size;
  // A torn line may be a megabyte long: look back for its start a block at a time.
  const block = Buffer.alloc(64 * 1024);
  for (let end = size; end > 0; ) {
    const start = Math.max(0, end - block.length);
    const { bytesRead } = await file.read(block, 0, end - start, start);
    const newline = block.subarray(0, bytesRead).lastIndexOf(0x0a);
    if (newline >= 0) return start + newline + 1;
    end = start;
  }
  return 0;
}

/**
 * A journal's records from its text. Lines that are not our records are left out with a
 * warning (and left in the file, for whoever wrote them); so is a last line without its
 * newline, a record cut short by a crash during its write (or one still being written).
 */
export function parseRunLines(text: string, runId: string, path: string): LoadedRun {
  const records: RunRecord[] = [];
  const warnings: string[] = [];
  const lines = text.split("\n");
  const torn = lines.pop();
  const unreadable: number[] = [];
  lines.forEach((line, index) => {
    if (!line.trim()) return;
    const record = parseRecord(line);
    if (record) records.push(record);
    else unreadable.push(index + 1);
  });
  if (unreadable.length > 0) {
    const count = unreadable.length;
    warnings.push(
      `Run '${runId}': skipped ${count} unreadable line${count === 1 ? "" : "s"} of ${path} (line ${unreadable.slice(0, 3).join(", ")}${count > 3 ? ", …" : ""}), left in place`,
    );
  }
  if (torn?.trim()) {
    warnings.push(
      `Run '${runId}': left out its last record, cut short during its write (a crash?); the next record replaces it`,
    );
  }
  return { records, warnings };
}

function parseRecord(line: string): RunRecord | undefined {
  try {
    const value: unknown = JSON.parse(line);
    return isRunRecord(value) ? value : undefined;
  } catch {
    return undefined;
  }
}
