import { type ChildProcess, spawn } from "node:child_process";
import { join } from "node:path";
import { CLI, tempDir } from "./cli.js";

/** How long `serve` may take to say it listens, on a busy machine. */
const START_MS = 60_000;
/** How long it may take to stop on SIGTERM before it is killed. */
const STOP_MS = 20_000;

export interface ServeProcess {
  /** `http://127.0.0.1:<port>`, as its `Listening on` line says. */
  readonly url: string;
  readonly child: ChildProcess;
  /** What it has written to stderr so far. */
  stderr(): string;
  /** SIGTERM, then SIGKILL if it is still there after STOP_MS; resolves once it is gone. */
  stop(): Promise<void>;
}

/**
 * `langchain-mini serve --port 0 <args>` from the built CLI, in a clean environment (PATH,
 * HOME, a fresh data directory, and `env`), resolved once its stderr says
 * `Listening on http://…`; rejected with its stderr if it ends first or takes too long.
 */
export function startServe(
  args: readonly string[],
  env: Record<string, string> = {},
): Promise<ServeProcess> {
  const child = spawn(process.execPath, [CLI, "serve", "--port", "0", ...args], {
    cwd: tempDir(),
    env: {
      PATH: process.env.PATH ?? "",
      HOME: process.env.HOME ?? "",
      XDG_DATA_HOME: join(tempDir(), "data"),
      ...env,
    },
    stdio: ["ignore", "ignore", "pipe"],
  });
  let stderr = "";
  const gone = new Promise<void>((resolve) => child.once("close", () => resolve()));
  const stop = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    child.kill("SIGTERM");
    const killer = setTimeout(() => child.kill("SIGKILL"), STOP_MS);
    await gone;
    clearTimeout(killer);
  };
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      void stop();
      reject(
        new Error(`serve did not say it listens within ${START_MS} ms; its stderr:\n${stderr}`),
      );
    }, START_MS);
    child.stderr?.setEncoding("utf8").on("data", (chunk: string) => {
      stderr += chunk;
      const url = /Listening on (http:\/\/\S+)/.exec(stderr)?.[1];
      if (url === undefined) return;
      clearTimeout(timer);
      resolve({ url: url.replace(/\/$/, ""), child, stderr: () => stderr, stop });
    });
    child.once("error", (error) => {
      clearTimeout(timer);
      reject(error);
    });
    child.once("close", (status, signal) => {
      clearTimeout(timer);
      reject(
        new Error(`serve ended (${signal ?? status}) before it listened; its stderr:\n${stderr}`),
      );
    });
  });
}
