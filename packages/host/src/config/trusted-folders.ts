import { rename, rm, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { makeDirectory, textFileProblem } from "@langchain-mini/core/files";
import { readDataFile } from "./data-file.js";

/** The user's answers about folders, by real path, in the data directory. */
export const TRUSTED_FOLDERS_FILE = "trusted-folders.json";

const SHAPE = '{"trusted": ["<folder>", …], "untrusted": [ … ]}';

export interface FolderAnswers {
  /** Folders the user said yes to. */
  readonly trusted: ReadonlySet<string>;
  /** Folders the user said no to: not asked about again. */
  readonly untrusted: ReadonlySet<string>;
  /** Why the file was left out, when it exists and cannot be used. */
  readonly warning?: string;
}

const NONE: FolderAnswers = { trusted: new Set(), untrusted: new Set() };

/**
 * `{"trusted": ["/real/path", …], "untrusted": […]}`. A file that cannot be read or is not
 * that trusts no folder, with a warning: trust is never assumed.
 */
export async function readFolderAnswers(dataDirectory: string): Promise<FolderAnswers> {
  const path = trustedFoldersPath(dataDirectory);
  const file = await readDataFile(path, SHAPE);
  if (!file) return NONE;
  if ("problem" in file) return { ...NONE, warning: `Ignoring ${path}: ${file.problem}` };
  const parsed = file.json as { trusted?: unknown; untrusted?: unknown } | null;
  const trusted = folders(parsed?.trusted);
  const untrusted = folders(parsed?.untrusted ?? []);
  if (!trusted || !untrusted) {
    return { ...NONE, warning: `Ignoring ${path}: it is not ${SHAPE}; fix it or remove it` };
  }
  return { trusted, untrusted };
}

/**
 * Records the user's answer for a folder (and forgets an earlier, other one), writing a
 * new file and renaming it over the old one, so that a crash or another process never
 * leaves half a file. Rejects with a one-line reason.
 */
export async function rememberFolder(dataDirectory: string, folder: string, trust: boolean) {
  const path = trustedFoldersPath(dataDirectory);
  const answers = await readFolderAnswers(dataDirectory);
  const without = (list: ReadonlySet<string>) => [...list].filter((other) => other !== folder);
  const trusted = [...without(answers.trusted), ...(trust ? [folder] : [])].sort();
  const untrusted = [...without(answers.untrusted), ...(trust ? [] : [folder])].sort();
  const temporary = `${path}.${process.pid}.tmp`;
  try {
    makeDirectory(dataDirectory);
    // A new file of our own (O_EXCL): never through whatever may lie in its place.
    await rm(temporary, { force: true });
    await writeFile(temporary, `${JSON.stringify({ trusted, untrusted }, null, 2)}\n`, {
      mode: 0o600,
      flag: "wx",
    });
    await rename(temporary, path);
  } catch (error) {
    await rm(temporary, { force: true }).catch(() => undefined);
    throw new Error(`${path} could not be written (${textFileProblem(error)})`);
  }
}

export function trustedFoldersPath(dataDirectory: string) {
  return join(dataDirectory, TRUSTED_FOLDERS_FILE);
}

function folders(value: unknown): Set<string> | undefined {
  if (!Array.isArray(value) || !value.every((folder) => typeof folder === "string")) {
    return undefined;
  }
  return new Set(value);
}
