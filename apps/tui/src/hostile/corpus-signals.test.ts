import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { type HostileCase, runHostileCase } from "../test-support/hostile-case.js";

// One SIGINT or SIGTERM while a plug-in ignores its AbortSignal: the run is cancelled
// there and then (not when a last-resort timer gives up on it), so the trace records the
// cancelled run, nothing is stored, and the status is the signal's.

const STATUS = { SIGINT: 130, SIGTERM: 143 } as const;

/** A module that leaves `called` behind once it is waited on, then never answers. */
const deafProvider = (called: string) => `import { writeFileSync } from "node:fs";
export const capabilities = { prompt: true, messages: true, tools: true, stop: true };
export const createLlm = ({ model }) => ({ provider: "deaf", model, capabilities,
  async *stream() {
    writeFileSync(${JSON.stringify(called)}, "");
    await new Promise(() => setInterval(() => {}, 60_000));
  } });`;

const deafTool = (called: string) => `import { writeFileSync } from "node:fs";
export const createTools = () => [{ name: "deaf", description: "d", execute() {
  writeFileSync(${JSON.stringify(called)}, "");
  return new Promise(() => setInterval(() => {}, 60_000));
} }];`;

async function until(condition: () => boolean) {
  while (!condition()) await new Promise((resolve) => setTimeout(resolve, 20));
}

function cancelledRun(signal: keyof typeof STATUS, what: string, agent: string): HostileCase {
  let called = "";
  return {
    name: `${signal} while ${what} ignores its signal (--agent ${agent})`,
    setup: ({ directory, file }) => {
      called = join(directory, "called");
      file("deaf-llm.mjs", deafProvider(called));
      file("deaf-tool.mjs", deafTool(called));
    },
    args: ({ out, script }) => [
      "ask",
      "--agent",
      agent,
      "--session",
      "s",
      "--trace",
      join(out, "t.jsonl"),
      "--tools",
      "./deaf-tool.mjs",
      "--llm",
      what === "a provider"
        ? "./deaf-llm.mjs:m"
        : `script:${script(
            agent === "react"
              ? [" I will\nAction: deaf\nAction Input: x"]
              : [{ toolCalls: [{ name: "deaf", arguments: { input: "x" } }] }],
          )}`,
      "q",
    ],
    options: {
      onSpawn: (child) => void until(() => existsSync(called)).then(() => child.kill(signal)),
    },
    status: STATUS[signal],
    stdout: "",
    stderr: `Error: The run was cancelled\nlangchain-mini: stopped by ${signal}\n`,
    check: (_result, { home, out }) => {
      const events = readFileSync(join(out, "t.jsonl"), "utf8")
        .trim()
        .split("\n")
        .map((line) => JSON.parse(line) as { type: string; result?: { status: string } });
      expect(events.at(-1)).toMatchObject({ type: "run-end", result: { status: "aborted" } });
      expect(existsSync(join(home, "sessions", "s.jsonl"))).toBe(false);
    },
  };
}

const cases = (["SIGINT", "SIGTERM"] as const).flatMap((signal) =>
  ["a provider", "a tool"].flatMap((what) =>
    ["react", "tools"].map((agent) => cancelledRun(signal, what, agent)),
  ),
);

/** A module that leaves `importing` behind, then never finishes loading. */
const neverLoads = (importing: string) => `import { writeFileSync } from "node:fs";
writeFileSync(${JSON.stringify(importing)}, "");
setInterval(() => {}, 60_000);
await new Promise(() => {});
export const createTools = () => [];`;

function stoppedImport(signal: keyof typeof STATUS): HostileCase {
  let importing = "";
  return {
    name: `${signal} while a plug-in's import never settles`,
    setup: ({ directory, file }) => {
      importing = join(directory, "importing");
      file("never.mjs", neverLoads(importing));
    },
    args: ({ script }) => ["ask", "--tools", "./never.mjs", "--llm", `script:${script([])}`, "q"],
    options: {
      onSpawn: (child) => void until(() => existsSync(importing)).then(() => child.kill(signal)),
    },
    status: STATUS[signal],
    stdout: "",
    stderr: `langchain-mini: stopped by ${signal}\n`,
  };
}

describe("hostile corpus: one stop signal against a plug-in that ignores it", () => {
  for (const hostile of [...cases, stoppedImport("SIGINT"), stoppedImport("SIGTERM")]) {
    it(hostile.name, () => runHostileCase(hostile), 60_000);
  }
});
