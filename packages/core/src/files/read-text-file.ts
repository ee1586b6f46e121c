import { close, constants, fstat, open, readFile } from "node:fs";
import { promisify } from "node:util";
import { abortError } from "../contracts/errors.js";

const openFile = promisify(open);
const statFile = promisify(fstat);
const closeFile = promisify(close);
const readWhole = promisify(readFile);

/** Past this a file is not what the user meant (and would not fit in a string anyway). */
export const TEXT_FILE_LIMIT = 256 * 1024 * 1024;

export interface TextFileOptions {
  /** Larger files (or FIFOs that write more) fail with EFBIG; default TEXT_FILE_LIMIT. */
  readonly limit?: number;
  /** Ends the wait on a FIFO. */
  readonly signal?: AbortSignal;
  /**
   * Refuse a FIFO too (ENOTREG), for files nobody names on purpose (the data directory's,
   * a folder's `.env`): there a FIFO is a trap, not `<(…)`.
   */
  readonly regularOnly?: boolean;
}

/**
 * A file the user named (a script, a trace, a configuration), as UTF-8 text. It is opened
 * without waiting (O_NONBLOCK) and read through the event loop, never by a blocked
 * thread: a FIFO (`<(…)` in a shell) is read as it is written, and a signal still ends the
 * process while nothing is written to it; a device or socket is refused. Failures keep
 * Node's `code` (ENOENT, EISDIR, …, and ENOTREG, EFBIG of ours) for the caller's one-line
 * message.
 */
export async function readTextFile(path: string, options: TextFileOptions = {}): Promise<string> {
  const { limit = TEXT_FILE_LIMIT, signal, regularOnly = false } = options;
  const descriptor = await openFile(path, constants.O_RDONLY | constants.O_NONBLOCK);
  let handedOver = false;
  try {
    const info = await statFile(descriptor);
    if (info.isDirectory()) throw fileError("EISDIR", "it is a folder");
    if (info.isFIFO() && regularOnly) {
      throw fileError("ENOTREG", "it is a FIFO, not a regular file");
    }
    if (info.isFIFO()) {
      // The socket owns the descriptor from here, and closes it.
      handedOver = true;
      return await readPipe(descriptor, limit, signal);
    }
    if (!info.isFile()) {
      throw fileError("ENOTREG", "it is not a regular file (a device or socket)");
    }
    if (info.size > limit) throw tooLarge(limit);
    return await readWhole(descriptor, "utf8");
  } finally {
    if (!handedOver) await closeFile(descriptor);
  }
}

/** Why `readTextFile` failed, in a few words, for the caller's message. */
export function textFileProblem(error: unknown): string {
  const { code, message } = error as NodeJS.ErrnoException;
  if (code === "ENOENT") return "no such file";
  if (code === "EISDIR") return "it is a folder";
  if (code === "EACCES" || code === "EPERM") return "permission denied";
  if (code === "ENOTDIR") return "a part of its path is not a folder";
  if (code === "ELOOP") return "too many symbolic links";
  return typeof message === "string" ? message : String(code);
}

async function readPipe(descriptor: number, limit: number, signal?: AbortSignal): Promise<string> {
  // node:net only for a FIFO: every command reads files, few read pipes.
  const { Socket } = await import("node:net");
  return new Promise((resolve, reject) => {
    // Read when the event loop says there is something: nothing blocks while no one writes.
    const pipe = new Socket({ fd: descriptor, readable: true, writable: false });
    const onAbort = () => pipe.destroy(abortError("Stopped reading a FIFO: the run was cancelled"));
    if (signal?.aborted) onAbort();
    signal?.addEventListener("abort", onAbort, { once: true });
    pipe.once("close", () => signal?.removeEventListener("abort", onAbort));
    const chunks: Buffer[] = [];
    let size = 0;
    pipe.on("data", (chunk: Buffer) => {
      size += chunk.length;
      if (size > limit) {
        pipe.destroy(tooLarge(limit));
        return;
      }
      chunks.push(chunk);
    });
    pipe.once("error", reject);
    pipe.once("end", () => {
      pipe.destroy();
      resolve(Buffer.concat(chunks).toString("utf8"));
    });
  });
}

function tooLarge(limit: number) {
  return fileError("EFBIG", `it is larger than ${Math.round(limit / 1024 / 1024)} MB`);
}

function fileError(code: string, message: string) {
  return Object.assign(new Error(message), { code });
}
