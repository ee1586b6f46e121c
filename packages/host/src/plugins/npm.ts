import { spawn } from "node:child_process";
import { rm, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { environmentSecrets } from "../boundary/secrets.js";
import { usageError } from "../config/usage-error.js";

export interface NpmOptions {
  /** The npm project to work in. */
  readonly prefix: string;
  readonly env: Readonly<Record<string, string | undefined>>;
  /** Each line npm writes, for a screen that shows progress; kept to the log either way. */
  readonly onLine?: (line: string) => void;
  readonly signal?: AbortSignal;
}

/** Where a failed npm run's whole output goes, in the plug-in project. */
const NPM_LOG_FILE = "npm-failure.log";

/**
 * Runs the user's own npm (their registry, proxy and cache settings apply) in the plug-in
 * project, from inside it, so that the working directory's files (an .npmrc) play no
 * part. npm's output is kept, not shown: a failure is one line with what went wrong, and
 * its whole output (keys blanked) goes to a file that the line names.
 */
export function runNpm(args: readonly string[], options: NpmOptions): Promise<void> {
  const npm = process.platform === "win32" ? "npm.cmd" : "npm";
  return new Promise((resolve, reject) => {
    const child = spawn(npm, [...args, "--prefix", options.prefix, "--no-audit", "--no-fund"], {
      cwd: options.prefix,
      env: options.env as NodeJS.ProcessEnv,
      stdio: ["ignore", "pipe", "pipe"],
      signal: options.signal,
    });
    const output: string[] = [];
    let size = 0;
    const read = (chunk: Buffer) => {
      // Enough for any report of npm's; a runaway one is cut, not kept whole in memory.
      if (size > LARGEST_LOG_BYTES) return;
      size += chunk.length;
      const text = chunk.toString("utf8");
      output.push(text);
      for (const line of text.split(/\r?\n/)) if (line.trim()) options.onLine?.(line);
    };
    child.stdout.on("data", read);
    child.stderr.on("data", read);
    child.on("error", (error: NodeJS.ErrnoException) => {
      if (error.code === "ENOENT") {
        reject(usageError("Installing plug-ins needs npm on PATH: install Node.js with npm"));
      } else if (error.name === "AbortError") reject(usageError("The install was cancelled"));
      else reject(error);
    });
    child.on("close", (status) => {
      if (status === 0) return resolve();
      const text = output.join("");
      const lines = text.split(/\r?\n/).filter((line) => /^npm (error|ERR!)/.test(line));
      const problem = npmProblem(lines) ?? `exit ${status}`;
      void keepLog(options, text).then((where) =>
        reject(usageError(`npm ${args[0]} failed: ${problem}${where}`)),
      );
    });
  });
}

const LARGEST_LOG_BYTES = 4 * 1024 * 1024;

/** Writes npm's output beside the plug-ins; says where, or nothing when it cannot. */
async function keepLog(options: NpmOptions, text: string) {
  const path = join(options.prefix, NPM_LOG_FILE);
  try {
    // A new file of our own (O_EXCL): never through whatever may lie in its place.
    await rm(path, { force: true });
    await writeFile(path, environmentSecrets(options.env).redact(text), {
      flag: "wx",
      mode: 0o600,
    });
    return ` (npm's whole output: ${path})`;
  } catch {
    return "";
  }
}

/**
 * The line of npm's error report that says what went wrong: not its code, paths or log
 * file. A plug-in made for another version of langchain-mini gets words of its own.
 */
export function npmProblem(lines: readonly string[]): string | undefined {
  const text = lines.map((line) => line.replace(/^npm (error|ERR!) ?/, "").trim());
  const peer = text
    .map((line) => /^peer @langchain-mini\/core@"([^"]+)" from (\S+)/.exec(line))
    .find(Boolean);
  if (peer) {
    const found = text
      .map((line) => /^Found: @langchain-mini\/core@(\S+)/.exec(line))
      .find(Boolean);
    const have = found ? `, and this langchain-mini has ${found[1]}` : "";
    return `${peer[2]} needs @langchain-mini/core ${peer[1]}${have}: update langchain-mini, or add a version of the plug-in made for this one`;
  }
  const said = text.find(
    (line) => /\s/.test(line) && !/^(code|syscall|path|errno|A complete log) /.test(line),
  );
  // "enoent ENOENT: no such file" says its code twice.
  return said?.replace(/^([a-z0-9]+) (?=\1)/i, "");
}
