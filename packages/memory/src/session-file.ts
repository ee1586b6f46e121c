import { constants } from "node:fs";
import { type FileHandle, open } from "node:fs/promises";

const { O_APPEND, O_CREAT, O_NOFOLLOW, O_NONBLOCK, O_RDONLY, O_RDWR } = constants;

// O_NOFOLLOW: a symbolic link planted in the sessions (or runs) folder must never make us read or
// write elsewhere (the open fails with ELOOP). O_NONBLOCK: a FIFO there must not hang us
// (it opens at once, and is then refused as not a file).
const READ_FLAGS = O_RDONLY | O_NOFOLLOW | O_NONBLOCK;
const APPEND_FLAGS = O_RDWR | O_APPEND | O_CREAT | O_NOFOLLOW | O_NONBLOCK;

/** A failure with the errno-style code storageError explains. */
class SessionFileError extends Error {
  readonly code: string;
  constructor(code: string, message: string) {
    super(message);
    this.code = code;
  }
}

/** A session's (or a run's) file's text, or undefined when there is none. A leading byte-order mark is dropped. */
export async function readSessionFile(path: string): Promise<string | undefined> {
  let file: FileHandle;
  try {
    file = await open(path, READ_FLAGS);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return undefined;
    throw error;
  }
  try {
    await checkRegularFile(file);
    const text = await file.readFile("utf8");
    // Editors on some systems start a UTF-8 file with one; it is not part of the first line.
    return text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  } finally {
    await file.close();
  }
}

/**
 * Appends the bytes with one `write`, then `fdatasync`s. A write that does not complete (a
 * full disk, a file-size limit, a failed sync) is undone: the file is cut back to the
 * length it had, so no partial record stays behind to pass later for a crash-torn line.
 * Returns the file's length before the write (0: the file is new).
 */
export async function appendToSessionFile(
  path: string,
  text: (previous: { size: number; endsInNewline: boolean }) => string,
): Promise<number> {
  return withAppendFile(path, async (file, size) => {
    let endsInNewline = true;
    if (size > 0) {
      const last = Buffer.alloc(1);
      await file.read(last, 0, 1, size - 1);
      endsInNewline = last[0] === 0x0a;
    }
    await writeDurably(file, Buffer.from(text({ size, endsInNewline })), size);
    return size;
  });
}

/** Runs `work` on the file opened for appending (made if need be), with its length. */
export async function withAppendFile<T>(
  path: string,
  work: (file: FileHandle, size: number) => Promise<T>,
): Promise<T> {
  const file = await open(path, APPEND_FLAGS, 0o666);
  try {
    const { size } = await checkRegularFile(file);
    return await work(file, size);
  } finally {
    await file.close();
  }
}

/**
 * Writes the bytes at the end of a file of `size` bytes with one `write`, then
 * `fdatasync`s (the bytes and the new length: what a reader needs after a crash). A write
 * that does not complete is undone, and rejects.
 */
export async function writeDurably(file: FileHandle, bytes: Buffer, size: number, sync = true) {
  let written = 0;
  try {
    ({ bytesWritten: written } = await file.write(bytes, 0, bytes.length));
    if (written < bytes.length) {
      throw new SessionFileError(
        "ESHORTWRITE",
        `only ${written} of ${bytes.length} bytes could be written (is the disk full?)`,
      );
    }
    if (sync) await file.datasync();
  } catch (error) {
    await undoAppend(file, size, written);
    throw error;
  }
}

/**
 * Cuts the file back to `size` when only our bytes came after it. When another process
 * appended in between, cutting would lose its record; ours then stays, as a crash leaves it.
 */
async function undoAppend(file: FileHandle, size: number, written: number) {
  try {
    const now = (await file.stat()).size;
    if (now > size && now === size + written) await file.truncate(size);
  } catch {
    // The write already failed, and that is what the caller reports.
  }
}

async function checkRegularFile(file: FileHandle) {
  const info = await file.stat();
  if (info.isDirectory()) throw new SessionFileError("EISDIR", "it is a directory");
  if (!info.isFile()) {
    throw new SessionFileError("ENOTREG", "it is not a regular file (a FIFO, socket or device)");
  }
  return info;
}
