/** Lines written together: at most this much text waits, and never past the current tick. */
const BATCH_LIMIT = 64 * 1024;

export interface LineBatch {
  /** Adds one line (with its newline); written with others at the end of this tick. */
  add(line: string): void;
  /** Writes whatever waits now (before exiting, before an answer goes out). */
  flush(): void;
}

/**
 * Gathers output lines and hands them to `write` in one piece per turn of the event loop
 * (or sooner, once `limit` characters wait): a long run makes a few large writes instead
 * of one system call per event. A process killed outright loses at most the lines of the
 * tick it was in, and every line written is whole.
 */
export function createLineBatch(write: (text: string) => void, limit = BATCH_LIMIT): LineBatch {
  let waiting = "";
  let scheduled: NodeJS.Immediate | undefined;
  const flush = () => {
    if (scheduled) clearImmediate(scheduled);
    scheduled = undefined;
    if (!waiting) return;
    const text = waiting;
    waiting = "";
    write(text);
  };
  return {
    add(line) {
      waiting += line;
      if (waiting.length >= limit) flush();
      else scheduled ??= setImmediate(flush);
    },
    flush,
  };
}
