import { closeSync, constants, fstatSync, openSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { parseEnv } from "node:util";

export type Env = Readonly<Record<string, string | undefined>>;

export interface LoadedEnv {
  readonly env: Env;
  /** One per `.env` line that was skipped: the file and line number, never the line itself. */
  readonly warnings: readonly string[];
}

/**
 * The process environment over `.env` from the working directory: a variable set in the
 * shell always wins, as with dotenv. A missing `.env` is fine.
 */
export function loadEnv(cwd = process.cwd(), environment: Env = process.env): Env {
  return readEnv(cwd, environment).env;
}

/**
 * `loadEnv`, plus a warning for each line of `.env` that is not `NAME=value`: Node's
 * parser skips such a line without a word, and the user then sees only that a variable
 * they set is missing. The line is not quoted: it may hold a key.
 */
export function readEnv(cwd = process.cwd(), environment: Env = process.env): LoadedEnv {
  const path = join(cwd, ".env");
  let text: string;
  try {
    text = readRegularFile(path);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "ENOTREG") {
      return { env: environment, warnings: [] };
    }
    // A FIFO would wait for a writer with the whole process stopped, signals included.
    return {
      env: environment,
      warnings: [`${path} is not a regular file (a FIFO, device or socket), so it was skipped`],
    };
  }
  const warnings = skippedLines(text).map(
    (line) =>
      `${path} line ${line} is not NAME=value, so it was skipped: check for a missing '=' or a space in the name`,
  );
  return { env: { ...parseEnv(text), ...environment }, warnings };
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

/** The file's text; a FIFO, device or socket is refused (ENOTREG) without reading from it. */
function readRegularFile(path: string) {
  const descriptor = openSync(path, constants.O_RDONLY | constants.O_NONBLOCK);
  try {
    if (!fstatSync(descriptor).isFile()) {
      throw Object.assign(new Error(`${path} is not a regular file`), { code: "ENOTREG" });
    }
    return readFileSync(descriptor, "utf8");
  } finally {
    closeSync(descriptor);
  }
}
