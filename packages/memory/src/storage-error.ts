import { LangchainMiniError } from "@langchain-mini/core";

const reasons: Readonly<Record<string, string>> = Object.assign(Object.create(null), {
  EACCES: "permission denied",
  EPERM: "permission denied",
  EROFS: "the file system is read-only",
  ENOSPC: "the disk is full",
  EDQUOT: "the disk quota is used up",
  EFBIG: "the file is larger than this process may write (a file-size limit)",
  ENOTDIR: "part of the path is a file, not a directory",
  ENOENT: "no directory can be made there",
  ELOOP: "it is a symbolic link, and sessions are never read or written through one",
  ENXIO: "it is not a regular file (a FIFO, socket or device)",
});

// What is wrong with the entry itself, not with the directory: the user removes it.
const entryProblems = new Set(["ELOOP", "ENXIO", "ENOTREG", "EISDIR"]);
// Out of room: the directory is fine, the disk (or a limit) is not.
const spaceProblems = new Set(["ENOSPC", "EDQUOT", "EFBIG", "ESHORTWRITE"]);

/** A file-system failure as one line that names the file and what to check. */
export function storageError(action: string, session: string, path: string, error: unknown) {
  const what = session === "*" ? "the sessions" : `session '${session}'`;
  return fileError(
    `${action} ${what}`,
    path,
    error,
    `remove it (langchain-mini sessions delete ${session}) or move it out of the sessions folder`,
  );
}

/** `storageError` for a run's journal or lease (`runId` "*": the runs folder). */
export function runStorageError(action: string, runId: string, path: string, error: unknown) {
  const what = runId === "*" ? "the runs" : `run '${runId}'`;
  const code = (error as NodeJS.ErrnoException).code;
  const reason =
    code === "ELOOP"
      ? "it is a symbolic link, and runs are never read or written through one"
      : undefined;
  return fileError(
    `${action} ${what}`,
    path,
    error,
    "remove it or move it out of the runs folder",
    reason,
  );
}

function fileError(
  doing: string,
  path: string,
  error: unknown,
  removal: string,
  reason = entryProblem(error),
) {
  const code = (error as NodeJS.ErrnoException).code ?? "";
  const advice = entryProblems.has(code)
    ? removal
    : spaceProblems.has(code)
      ? "free some space there"
      : "check that LANGCHAIN_MINI_HOME (or the default data directory) is a writable directory";
  return new LangchainMiniError(
    "config_invalid",
    `Cannot ${doing} at ${path}: ${reason}: ${advice}`,
    {
      cause: error,
    },
  );
}

/** Why an entry of the sessions folder cannot be read, in a few words (for listings). */
export function entryProblem(error: unknown) {
  const code = (error as NodeJS.ErrnoException).code ?? "";
  return reasons[code] ?? (error instanceof Error ? error.message : String(error));
}
