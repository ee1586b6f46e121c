import { rename, rm, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { makeDirectory, readTextFile, textFileProblem } from "@langchain-mini/core";

/** The folders the user said yes to, by real path, in the data directory. */
export const TRUSTED_FOLDERS_FILE = "trusted-folders.json";

/** Far more than any list of folders. */
const LARGEST_FILE_BYTES = 1024 * 1024;

export interface TrustedFolders {
  readonly folders: ReadonlySet<string>;
  /** Why the file was left out, when it exists and cannot be used. */
  readonly warning?: string;
}

/**
 * `{"trusted": ["/real/path", …]}`. A file that cannot be read or is not that trusts no
 * folder, with a warning: trust is never assumed.
 */
export async function readTrustedFolders(dataDirectory: string): Promise<TrustedFolders> {
  const path = join(dataDirectory, TRUSTED_FOLDERS_FILE);
  let text: string;
  try {
    text = await readTextFile(path, { regularOnly: true, limit: LARGEST_FILE_BYTES });
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === "ENOENT" || code === "ENOTDIR") return { folders: new Set() };
    return { folders: new Set(), warning: `Ignoring ${path}: ${textFileProblem(error)}` };
  }
  let trusted: unknown;
  try {
    trusted = (JSON.parse(text) as { trusted?: unknown } | null)?.trusted;
  } catch {
    // Said below.
  }
  if (!Array.isArray(trusted) || !trusted.every((folder) => typeof folder === "string")) {
    return {
      folders: new Set(),
      warning: `Ignoring ${path}: it is not {"trusted": ["<folder>", …]}; fix it or remove it`,
    };
  }
  return { folders: new Set(trusted) };
}

/**
 * Adds a folder, writing a new file and renaming it over the old one, so that a crash or
 * another process never leaves half a file. Rejects with a one-line reason.
 */
export async function rememberTrustedFolder(dataDirectory: string, folder: string) {
  const path = join(dataDirectory, TRUSTED_FOLDERS_FILE);
  const { folders } = await readTrustedFolders(dataDirectory);
  const trusted = [...new Set([...folders, folder])].sort();
  const temporary = `${path}.${process.pid}.tmp`;
  try {
    makeDirectory(dataDirectory);
    // A new file of our own (O_EXCL): never through whatever may lie in its place.
    await rm(temporary, { force: true });
    await writeFile(temporary, `${JSON.stringify({ trusted }, null, 2)}\n`, {
      mode: 0o600,
      flag: "wx",
    });
    await rename(temporary, path);
  } catch (error) {
    await rm(temporary, { force: true }).catch(() => undefined);
    throw new Error(`${path} could not be written (${textFileProblem(error)})`);
  }
}
