import { join } from "node:path";
import { parseEnv } from "node:util";
import { readTextFile, textFileProblem } from "@langchain-mini/core/files";

export type Env = Readonly<Record<string, string | undefined>>;

/** The working directory's `.env` as read, before anything of it is applied. */
export interface DotEnv {
  readonly path: string;
  /** Its variables; none when there is no `.env` or it could not be read. */
  readonly values: Env;
  /** One per line that was skipped (the file and line number, never the line itself), or why the file was. */
  readonly warnings: readonly string[];
}

/** Far more than any list of settings: a larger file is not one, and is not read. */
const LARGEST_DOT_ENV_BYTES = 1024 * 1024;

/**
 * `.env` in the working directory. A missing one is fine; one that cannot be read (a FIFO,
 * a device, no permission) is skipped with a warning, never waited on. Each line that is
 * not `NAME=value` gets a warning too: Node's parser skips such a line without a word,
 * and the user then sees only that a variable they set is missing. The line is not
 * quoted: it may hold a key.
 */
export async function readDotEnv(cwd: string): Promise<DotEnv> {
  const path = join(cwd, ".env");
  let text: string;
  try {
    text = await readTextFile(path, { regularOnly: true, limit: LARGEST_DOT_ENV_BYTES });
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === "ENOENT" || code === "ENOTDIR") return { path, values: {}, warnings: [] };
    const why =
      code === "ENOTREG"
        ? "is not a regular file (a FIFO, device or socket)"
        : `cannot be read (${textFileProblem(error)})`;
    return { path, values: {}, warnings: [`${path} ${why}, so it was skipped`] };
  }
  const warnings = skippedLines(text).map(
    (line) =>
      `${path} line ${line} is not NAME=value, so it was skipped: check for a missing '=' or a space in the name`,
  );
  return { path, values: parseEnv(text), warnings };
}

/**
 * Every value the process knows, the environment over the whole of `.env` (what the
 * folder may not set included): what the output boundary blanks as secrets.
 */
export function everyValue(dotEnv: DotEnv, environment: Env): Env {
  return { ...dotEnv.values, ...environment };
}

const ASSIGNMENT = /^\s*(?:export\s+)?[^\s=#][^\s=]*\s*=(.*)$/;
const QUOTES = new Set(['"', "'", "`"]);

/** Line numbers (from 1) that are neither blank, a comment, an assignment, nor inside a quoted value. */
function skippedLines(text: string): number[] {
  const lines = text.split(/\r?\n/);
  const skipped: number[] = [];
  for (let index = 0; index < lines.length; index++) {
    const line = lines[index] ?? "";
    if (line.trim() === "" || line.trimStart().startsWith("#")) continue;
    const value = ASSIGNMENT.exec(line)?.[1];
    if (value === undefined) {
      skipped.push(index + 1);
      continue;
    }
    // A quoted value may run over several lines, up to its closing quote.
    const opened = value.trimStart();
    const quote = opened[0] ?? "";
    if (!QUOTES.has(quote) || opened.indexOf(quote, 1) !== -1) continue;
    const closing = lines.findIndex((later, at) => at > index && later.includes(quote));
    if (closing !== -1) index = closing;
  }
  return skipped;
}
