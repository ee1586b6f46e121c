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
    const tail: string[] = [];
    const read = (chunk: Buffer) => {
      for (const line of chunk.toString("utf8").split(/\r?\n/)) {
        if (!line.trim()) continue;
        tail.push(line);
        if (tail.length > 5) tail.shift();
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
        const last = tail.filter((line) => /ERR|error/i.test(line)).at(-1) ?? tail.at(-1);
        reject(
          usageError(`npm ${args[0]} failed${last ? `: ${last.trim()}` : ` (exit ${status})`}`),
        );
      }
    });
  });
}
