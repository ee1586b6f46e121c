import { closeSync, constants, openSync, statSync, writeSync } from "node:fs";
import { dirname, resolve } from "node:path";
import { describeThrown } from "@langchain-mini/core";
import { makeDirectory } from "@langchain-mini/core/files";
import { createLineBatch } from "../boundary/line-batch.js";
import { jsonText } from "../boundary/terminal-text.js";
import type { WireEvent } from "../boundary/wire-event.js";

/** One trace line: an event in its wire form plus its time, in ms since the trace began. */
export type TraceLine = WireEvent & { readonly timeMs: number };

export interface TraceWriter {
  readonly path: string;
  /** Takes events already through the output boundary (secrets blanked). */
  write(event: WireEvent): void;
  /** Writes what waits, then closes the file. */
  close(): void;
}

/**
 * Writes every event as one JSON line. Lines go out together at the end of each tick of
 * the event loop (at most 64 KB wait), so a run killed half-way leaves a valid trace up
 * to its last tick. A file that cannot be opened, or stops taking lines (a full disk),
 * costs the trace with one warning; the run goes on.
 */
export function openTrace(path: string, onWarning: (message: string) => void): TraceWriter {
  let descriptor: number;
  try {
    makeDirectory(dirname(path));
    descriptor = openForTrace(path);
  } catch (error) {
    // The trace is a record of the run, not the run: the answer still comes.
    const reason = error === NO_READER ? "a FIFO that nobody reads" : describeThrown(error);
    onWarning(
      `the trace file ${resolve(path)} cannot be written (${reason}): the run goes on without it`,
    );
    return { path, write() {}, close() {} };
  }
  const started = performance.now();
  let open = true;
  const batch = createLineBatch((text) => {
    if (!open) return;
    try {
      // One write takes the whole batch, but for a short write (a signal, a nearly full disk).
      const written = writeSync(descriptor, text);
      const length = Buffer.byteLength(text);
      if (written < length) {
        const bytes = Buffer.from(text);
        for (let offset = written; offset < length; ) {
          offset += writeSync(descriptor, bytes, offset);
        }
      }
    } catch (error) {
      open = false;
      closeSync(descriptor);
      onWarning(
        `the trace file ${resolve(path)} could not be written (${describeThrown(error)}): it stops here`,
      );
    }
  });
  let closed = false;
  return {
    path,
    write(event) {
      if (!open) return;
      const timeMs = Math.round((performance.now() - started) * 1000) / 1000;
      // The event's JSON with the time as its last field, without copying the event.
      batch.add(`${jsonText(event).slice(0, -1)},"timeMs":${timeMs}}\n`);
    },
    close() {
      if (closed) return;
      closed = true;
      batch.flush();
      if (!open) return;
      open = false;
      closeSync(descriptor);
    },
  };
}

const NO_READER = new Error("a FIFO that nobody reads");

/**
 * Opens the trace for writing. Opening a FIFO that nobody reads would stop the whole
 * process until a reader comes (no signal handler runs meanwhile), so a FIFO is first
 * opened without waiting, which fails at once when it has no reader. That first
 * descriptor stays open until the second is: a reader never sees the writers drop to
 * none in between (an end of file) and leave.
 */
function openForTrace(path: string) {
  if (!statSync(path, { throwIfNoEntry: false })?.isFIFO()) return openSync(path, "w");
  let probe: number;
  try {
    probe = openSync(path, constants.O_WRONLY | constants.O_NONBLOCK);
  } catch (error) {
    throw (error as { code?: unknown }).code === "ENXIO" ? NO_READER : error;
  }
  try {
    return openSync(path, "w");
  } finally {
    closeSync(probe);
  }
}
