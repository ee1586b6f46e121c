import { spawn } from "node:child_process";
import { usageError } from "../config/usage-error.js";

export interface NpmOptions {
  /** The npm project to work in. */
  readonly prefix: string;
  readonly env: Readonly<Record<string, string | undefined>>;
  /** Each line npm writes (it writes progress and problems to stderr). */
  readonly onLine?: (line: string) => void;
  readonly signal?: AbortSignal;
}

/**
 * Runs the user's own npm (their registry, proxy and cache settings apply) in the plug-in
 * project. Fails with npm's last lines, which say what went wrong.
 */
export function runNpm(args: readonly string[], options: NpmOptions): Promise<void> {
  const npm = process.platform === "win32" ? "npm.cmd" : "npm";
  return new Promise((resolve, reject) => {
    const child = spawn(npm, [...args, "--prefix", options.prefix, "--no-audit", "--no-fund"], {
      env: options.env as NodeJS.ProcessEnv,
      stdio: ["ignore", "pipe", "pipe"],
      signal: options.signal,
    });
    const problems: string[] = [];
    const read = (chunk: Buffer) => {
      for (const line of chunk.toString("utf8").split(/\r?\n/)) {
        if (!line.trim()) continue;
        if (/^npm (error|ERR!)/.test(line) && problems.length < 100) problems.push(line);
        options.onLine?.(line);
      }
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
      if (status === 0) resolve();
      else {
        const problem = npmProblem(problems);
        reject(
          usageError(`npm ${args[0]} failed${problem ? `: ${problem}` : ` (exit ${status})`}`),
        );
      }
    });
  });
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
