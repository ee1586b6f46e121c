import { LangchainMiniError } from "@langchain-mini/core";

const reasons: Record<string, string> = {
  EACCES: "permission denied",
  EPERM: "permission denied",
  EROFS: "the file system is read-only",
  ENOSPC: "the disk is full",
  EDQUOT: "the disk quota is used up",
  ENOTDIR: "part of the path is a file, not a directory",
  ENOENT: "no directory can be made there",
};

/** A file-system failure as one line that names the file and what to check. */
export function storageError(action: string, session: string, path: string, error: unknown) {
  const code = (error as NodeJS.ErrnoException).code ?? "";
  const reason = reasons[code] ?? (error instanceof Error ? error.message : String(error));
  const what = session === "*" ? "the sessions" : `session '${session}'`;
  return new LangchainMiniError(
    "config_invalid",
    `Cannot ${action} ${what} at ${path}: ${reason}: check that LANGCHAIN_MINI_HOME (or the default data directory) is a writable directory`,
    { cause: error },
  );
}
