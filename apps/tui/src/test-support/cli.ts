import { spawn } from "node:child_process";
import { closeSync, mkdtempSync, openSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";

/** The built CLI: tests run what users run (turbo builds before it tests). */
export const CLI = resolve(import.meta.dirname, "../../dist/cli.js");

export interface CliResult {
  readonly status: number | null;
  readonly signal: NodeJS.Signals | null;
  readonly stdout: string;
  readonly stderr: string;
}

export interface CliOptions {
  readonly cwd?: string;
  /**
   * Added to a clean environment (PATH and HOME only), so the developer's keys never leak
   * in. The data directory is a fresh one for each run unless this names one
   * (LANGCHAIN_MINI_HOME or XDG_DATA_HOME): no run reads what another left in the user's.
   */
  readonly env?: Record<string, string>;
  readonly input?: string;
  /** Called once the child is running, e.g. to signal it. */
  readonly onSpawn?: (child: import("node:child_process").ChildProcess) => void;
  /**
   * Caps the size of the files the CLI writes, in 512-byte blocks (`ulimit -f`): past it a
   * write is cut short, then fails, as on a disk that fills up.
   */
  readonly fileSizeLimitBlocks?: number;
  /**
   * Where the CLI's stdout goes: collected (default); a path such as /dev/full (opened for
   * writing); or `"closed"`, a pipe whose reading end is closed before the CLI writes.
   */
  readonly stdout?: string;
}

/** Runs `langchain-mini <args>` and collects its output. */
export function runCli(args: readonly string[], options: CliOptions = {}): Promise<CliResult> {
  return runProgram(process.execPath, [CLI, ...args], options);
}

/** Runs any program (`./dev`, a script on PATH) the way runCli runs the CLI. */
export function runProgram(
  command: string,
  args: readonly string[],
  options: CliOptions = {},
): Promise<CliResult> {
  return new Promise((resolvePromise, reject) => {
    const [program, programArgs] =
      options.fileSizeLimitBlocks === undefined
        ? [command, args]
        : [
            "sh",
            ["-c", `ulimit -f ${options.fileSizeLimitBlocks} && exec "$0" "$@"`, command, ...args],
          ];
    const file =
      options.stdout === undefined || options.stdout === "closed"
        ? undefined
        : openSync(options.stdout, "w");
    const child = spawn(program, programArgs, {
      cwd: options.cwd ?? tempDir(),
      env: {
        PATH: process.env.PATH ?? "",
        HOME: process.env.HOME ?? "",
        XDG_DATA_HOME: join(tempDir(), "data"),
        ...options.env,
      },
      stdio: ["pipe", file ?? "pipe", "pipe"],
    });
    if (file !== undefined) closeSync(file);
    let stdout = "";
    let stderr = "";
    if (options.stdout === "closed") child.stdout?.destroy();
    child.stdout?.setEncoding("utf8").on("data", (chunk: string) => {
      stdout += chunk;
    });
    child.stderr?.setEncoding("utf8").on("data", (chunk: string) => {
      stderr += chunk;
    });
    child.on("error", reject);
    child.on("close", (status, signal) => resolvePromise({ status, signal, stdout, stderr }));
    // A CLI that exits before reading its input (a usage error) closes the pipe first:
    // the write then fails with EPIPE, which says nothing about the CLI.
    child.stdin?.on("error", () => undefined);
    child.stdin?.end(options.input ?? "");
    options.onSpawn?.(child);
  });
}

export function tempDir() {
  return mkdtempSync(join(tmpdir(), "langchain-mini-test-"));
}

/** Writes a `script:` file of LLM replies into `directory` and returns its path. */
export function writeScript(directory: string, replies: readonly unknown[], name = "script.json") {
  const path = join(directory, name);
  writeFileSync(path, JSON.stringify(replies));
  return path;
}
