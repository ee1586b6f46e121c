import { describeThrown } from "@langchain-mini/core";

let stdoutFailure: unknown;

/**
 * Write failures of stdout and stderr (a full disk, a reader that closed the pipe) are
 * kept for the exit status instead of crashing the process with a stack trace. A failed
 * stderr costs only the messages; a failed stdout costs the answer, and `exitWith` says so.
 */
export function guardOutput() {
  process.stdout.on("error", (error) => {
    stdoutFailure ??= error;
  });
  process.stderr.on("error", () => {
    // Nowhere left to say it.
  });
}

const reasons: ReadonlyMap<string, string> = new Map([
  ["ENOSPC", "the disk is full"],
  ["EDQUOT", "the disk quota is used up"],
  ["EFBIG", "the file is larger than this process may write"],
  ["EPIPE", "the reading end of the pipe was closed"],
  ["EIO", "an input/output error"],
]);

/**
 * Exits once stdout has drained, so a piped answer is never cut short. Exit 0 means an
 * answer was written: when stdout did not take it, the status is 1, with one line.
 */
export function exitWith(status: number) {
  const settle = (error?: Error | null) => {
    const failure = stdoutFailure ?? error;
    if (failure && status === 0) {
      const code = (failure as NodeJS.ErrnoException).code ?? "";
      const reason = reasons.get(code) ?? describeThrown(failure);
      process.stderr.write(
        `langchain-mini: could not write to standard output (${reason}): the answer was not delivered\n`,
      );
      process.exit(1);
    }
    process.exit(status);
  };
  // Nothing waiting (a file takes writes at once): one turn of the loop lets a failed
  // write's error event arrive; an empty write of our own would fail on /dev/full.
  if (process.stdout.writableLength > 0) process.stdout.write("", settle);
  else setImmediate(settle);
}
