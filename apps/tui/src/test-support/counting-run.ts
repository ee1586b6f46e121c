import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import type { FakeReply, FakeScript, RecordedRequest } from "@langchain-mini/llm-openai/testing";
import { type CliOptions, type CliResult, runCli } from "./cli.js";

/** The tool plug-in that keeps a ledger of its calls (see the file). */
export const COUNTING_TOOL = resolve(import.meta.dirname, "counting-tool.mjs");
/** The file store whose journal stops where a test says (see the file). */
export const BLOCKING_STORE = resolve(import.meta.dirname, "blocking-store.mjs");

/**
 * A test here runs the CLI four to eight times: on a loaded machine (2 cores under
 * stress-ng) each run may take seconds, so it gets more than the shared per-test bound.
 */
export const CASE_TIMEOUT_MS = 240_000;

export type AgentMode = "react" | "tools";

/**
 * The data directory of a test's folder, its prices.json giving the fake model
 * (`openai:fake`) a context window as a user would: no run says its window is not known.
 */
export function fakeModelHome(directory: string) {
  const home = join(directory, "home");
  mkdirSync(home, { recursive: true });
  const window = { "openai:fake": { contextWindow: 32_768 } };
  writeFileSync(join(home, "prices.json"), JSON.stringify(window));
  return home;
}

export const QUESTION = "Count three items";
/** How many tool steps the counting run takes before its answer. */
export const STEPS = 3;

/**
 * The tool results a request's prompt already holds: the Observations after the ReAct
 * prompt's instructions (which show one as an example), or the `tool` messages.
 */
export function toolResults(body: Record<string, unknown>, agent: AgentMode): string[] {
  const messages = body.messages as { role: string; content: unknown }[];
  if (agent === "tools") {
    return messages.filter((message) => message.role === "tool").map((m) => String(m.content));
  }
  const prompt = String(messages.at(-1)?.content ?? "");
  const scratchpad = prompt.slice(prompt.lastIndexOf("\nBegin!\n"));
  return [...scratchpad.matchAll(/\nObservation: (.*)/g)].map((match) => match[1] ?? "");
}

/** What the model is asked: the same prompt, whichever process sends it. */
export const promptOf = (request: RecordedRequest) => JSON.stringify(request.body.messages);

/**
 * The model of the counting run, a function of the prompt alone: with n results so far it
 * counts item-(n+1), and after three it answers with the results it saw. The first request
 * for `slowStep`'s reply streams one character a second (to be killed mid-stream).
 */
export function countingScript(agent: AgentMode, options: { slowStep?: number } = {}): FakeScript {
  const seen = new Set<string>();
  return (request) => {
    const results = toolResults(request.body, agent);
    const step = results.length + 1;
    const first = !seen.has(promptOf(request));
    seen.add(promptOf(request));
    const slow = first && step === options.slowStep ? { chunkSize: 1, chunkDelayMs: 1_000 } : {};
    const reply: FakeReply =
      step > STEPS
        ? agent === "tools"
          ? { text: `Counted: ${results.join("; ")}` }
          : { text: ` I now know the final answer\nFinal Answer: Counted: ${results.join("; ")}` }
        : agent === "tools"
          ? {
              text: `Step ${step}.`,
              toolCalls: [{ name: "count", arguments: JSON.stringify({ input: `item-${step}` }) }],
            }
          : { text: ` Step ${step}.\nAction: count\nAction Input: item-${step}` };
    return { ...reply, ...slow };
  };
}

/** The prompts the server answered in full more than once. */
export function completedTwice(requests: readonly RecordedRequest[]): string[] {
  const counts = new Map<string, number>();
  for (const request of requests) {
    if (request.closedEarly) continue;
    counts.set(promptOf(request), (counts.get(promptOf(request)) ?? 0) + 1);
  }
  return [...counts].filter(([, count]) => count > 1).map(([prompt]) => prompt);
}

/** The tool plug-in's ledger: `start <tool> <input>` and `end <tool> <input>` lines. */
export function ledger(path: string): string[] {
  try {
    return readFileSync(path, "utf8").split("\n").filter(Boolean);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return [];
    throw error;
  }
}

/**
 * Polls `condition` until it holds. Gives up with `what` once `ended` says the process it
 * waits on is gone (the point was never reached), or after a bound meant only for hangs.
 */
export async function waitFor(
  condition: () => boolean,
  what: string,
  ended: () => CliResult | undefined = () => undefined,
) {
  const bound = Date.now() + 120_000;
  while (!condition()) {
    const result = ended();
    if (result) {
      throw new Error(
        `The CLI ended (${result.status ?? result.signal}) before ${what}:\n${result.stderr}`,
      );
    }
    if (Date.now() > bound) throw new Error(`Still waiting for ${what}`);
    await new Promise((resolvePromise) => setTimeout(resolvePromise, 20));
  }
}

/** The CLI started and left running, to be killed once the test's condition holds. */
export function startCli(args: readonly string[], options: CliOptions) {
  let child: import("node:child_process").ChildProcess | undefined;
  let result: CliResult | undefined;
  const done = runCli(args, {
    ...options,
    onSpawn: (spawned) => {
      child = spawned;
    },
  }).then((ended) => {
    result = ended;
    return ended;
  });
  return {
    done,
    ended: () => result,
    /** Sends a signal (the test then waits on `done`). */
    signal(name: NodeJS.Signals) {
      child?.kill(name);
    },
    /** SIGKILL, then the process reaped: no zombie is left to look alive. */
    async kill() {
      child?.kill("SIGKILL");
      return done;
    },
  };
}

export interface ListedRun {
  readonly runId: string;
  readonly status: string;
  readonly question: string;
  readonly waitingOn?: { readonly tool: string; readonly input: string };
}

/** `runs list --json`, parsed; its stderr for the warnings. */
export async function listRuns(storeArgs: readonly string[], options: CliOptions, all = false) {
  const result = await runCli(
    ["runs", "list", "--json", ...(all ? ["--all"] : []), ...storeArgs],
    options,
  );
  if (result.status !== 0) throw new Error(`runs list failed: ${result.stderr}`);
  const runs = result.stdout
    .split("\n")
    .filter(Boolean)
    .map((line) => JSON.parse(line) as ListedRun);
  return { runs, stderr: result.stderr };
}
