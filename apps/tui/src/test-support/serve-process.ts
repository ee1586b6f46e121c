import type { ChildProcess } from "node:child_process";
import { type CliOptions, type CliResult, runCli } from "./cli.js";
import { waitFor } from "./counting-run.js";

export interface ServeProcess {
  /** `http://127.0.0.1:PORT`, from the line serve prints once it listens. */
  readonly url: string;
  readonly stderr: () => string;
  /** Ends with the process: its exit status, signal and output. */
  readonly done: Promise<CliResult>;
  readonly ended: () => CliResult | undefined;
  /** Sends a signal, then waits for the process to end. */
  stop(signal?: NodeJS.Signals): Promise<CliResult>;
}

/**
 * `langchain-mini serve --port 0 <args>` started, once it says where it listens. Its
 * stderr is collected as it comes, so a test can wait for a line.
 */
export async function startServe(
  args: readonly string[],
  options: CliOptions = {},
): Promise<ServeProcess> {
  let child: ChildProcess | undefined;
  let result: CliResult | undefined;
  let stderr = "";
  const done = runCli(["serve", "--port", "0", ...args], {
    ...options,
    onSpawn: (spawned) => {
      child = spawned;
      spawned.stderr?.on("data", (chunk: Buffer) => {
        stderr += chunk.toString();
      });
    },
  }).then((ended) => {
    result = ended;
    return ended;
  });
  const listening = () => /Listening on (http:\/\/\S+)/.exec(stderr)?.[1];
  await waitFor(
    () => listening() !== undefined,
    "serve listening",
    () => result,
  );
  return {
    url: listening() as string,
    stderr: () => stderr,
    done,
    ended: () => result,
    async stop(signal = "SIGTERM") {
      child?.kill(signal);
      return done;
    },
  };
}

/** The JSON lines of an NDJSON response body, read to its end. */
export async function ndjsonLines(response: Response): Promise<Record<string, unknown>[]> {
  const text = await response.text();
  return text
    .split("\n")
    .filter((line) => line !== "")
    .map((line) => JSON.parse(line) as Record<string, unknown>);
}
