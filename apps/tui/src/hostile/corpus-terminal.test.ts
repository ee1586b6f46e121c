import { readFileSync } from "node:fs";
import { join } from "node:path";
import { HOSTILE_TEXTS, TERMINAL_FORBIDDEN } from "@langchain-mini/core/testing";
import { startFakeOpenAi } from "@langchain-mini/llm-openai/testing";
import { describe, expect, it } from "vitest";
import { runCli } from "../test-support/cli.js";
import {
  type CaseContext,
  type HostileCase,
  runHostileCase,
} from "../test-support/hostile-case.js";

// Every escape sequence, control and invisible character of the shared corpus at once,
// in the model's thoughts, actions and answer, a tool's observation, the question, a
// server's error: what reaches a terminal (stdout, stderr) carries none of them, the
// words around them stay, and what is kept for machines (--json, traces) is exact.
const HOSTILE = HOSTILE_TEXTS.map((entry) => entry.text).join(" | ");
// Words of the corpus that are text, not part of a sequence: each must still be shown.
const VISIBLE = ["red", "txt.exe", "safe text", "EVIL", "link"];

const ECHO_TOOL = `const hostile = ${JSON.stringify(HOSTILE)};
export const createTools = () => [{ name: "echo", description: "repeats its input", execute: (input) => "heard " + input + " " + hostile }];`;

/** A run through a tool whose output is hostile, by a model whose every line is. */
function hostileRun(context: CaseContext, ...flags: string[]) {
  context.file("echo.mjs", ECHO_TOOL);
  const script = context.script([
    ` ${HOSTILE}\nAction: echo\nAction Input: ${HOSTILE}`,
    ` ${HOSTILE}\nFinal Answer: ${HOSTILE}`,
  ]);
  // A command line cannot hold NUL: the question is the rest of the corpus.
  const question = HOSTILE.replaceAll("\u0000", "");
  return ["ask", "--llm", `script:${script}`, "--tools", "./echo.mjs", ...flags, question];
}

/** Which corpus entries, drawn as they are, would still act on a terminal. */
function leaks(where: string, text: string) {
  if (!TERMINAL_FORBIDDEN.test(text)) return;
  const kinds = HOSTILE_TEXTS.filter((entry) => text.includes(entry.text)).map((e) => e.name);
  const at = text.search(TERMINAL_FORBIDDEN);
  const around = JSON.stringify(text.slice(Math.max(0, at - 40), at + 40));
  throw new Error(`${where} carries terminal controls near ${around} (${kinds.join(", ")})`);
}

const drawnSafely = (result: { stdout: string; stderr: string }) => {
  leaks("stdout", result.stdout);
  leaks("stderr", result.stderr);
};

/** A JSON-lines file or stream: printable as it is, and the final answer exactly the model's. */
function losslessLines(where: string, text: string) {
  leaks(where, text);
  const events = text
    .trim()
    .split("\n")
    .map((line) => JSON.parse(line) as { type: string; result?: { answer?: string } });
  // The ReAct parser reads lines: a lone `\r` in the answer ends one, as documented.
  const answer = HOSTILE.replaceAll("\r", "\n");
  expect(events.findLast((event) => event.type === "run-end")?.result?.answer).toBe(answer);
}

const cases: HostileCase[] = [
  {
    name: "ask's text trace and answer",
    args: (context) => hostileRun(context),
    status: 0,
    check: (result) => {
      drawnSafely(result);
      for (const word of VISIBLE) expect(result.stdout).toContain(word);
      expect(result.stderr).toContain("Observation: heard");
    },
  },
  {
    name: "ask --verbose: prompts, completions and the summary",
    args: (context) => hostileRun(context, "--verbose"),
    status: 0,
    check: (result) => {
      drawnSafely(result);
      expect(result.stderr).toContain("Completion · LLM call 2");
    },
  },
  {
    name: "ask --json: printable lines that parse back to the exact answer",
    args: (context) => hostileRun(context, "--json"),
    status: 0,
    check: (result) => {
      losslessLines("--json", result.stdout);
      expect(result.stderr).toBe("");
    },
  },
  {
    name: "replay --text, --verbose and --json of a trace of a hostile run",
    args: (context) => hostileRun(context, "--trace", join(context.out, "run.jsonl")),
    status: 0,
    check: async (result, context) => {
      drawnSafely(result);
      const trace = join(context.out, "run.jsonl");
      losslessLines("the trace file", readFileSync(trace, "utf8"));
      for (const flag of ["--text", "--verbose"]) {
        const replayed = await runCli(["replay", flag, "--speed", "0", trace]);
        expect(replayed.status, replayed.stderr).toBe(0);
        drawnSafely(replayed);
        for (const word of VISIBLE) expect(replayed.stdout).toContain(word);
      }
      const json = await runCli(["replay", "--json", "--speed", "0", trace]);
      losslessLines("replay --json", json.stdout);
    },
  },
  {
    name: "sessions show of a turn whose question and answer are hostile",
    args: (context) => hostileRun(context, "--session", "hostile"),
    status: 0,
    check: async (_result, context) => {
      const shown = await runCli(["sessions", "show", "hostile"], {
        env: { LANGCHAIN_MINI_HOME: context.home },
      });
      expect(shown.status, shown.stderr).toBe(0);
      drawnSafely(shown);
      expect(shown.stdout).toMatch(/^Q: .*red/);
      expect(shown.stdout).toContain("txt.exe");
    },
  },
  {
    name: "a provider plug-in whose error message is hostile",
    setup: (context) =>
      context.file(
        "provider.mjs",
        `export const createLlm = () => { throw new Error(${JSON.stringify(HOSTILE)}); };`,
      ),
    args: () => ["ask", "--llm", "./provider.mjs:m", "--tools", "calculator", "q"],
    status: 2,
    check: (result) => {
      drawnSafely(result);
      expect(result.stderr).toContain("txt.exe");
    },
  },
];

describe("terminal injection: nothing hostile reaches a terminal, through the built CLI", () => {
  it.each(cases)("$name", async (hostile) => {
    await runHostileCase(hostile);
  });

  it.each([
    ["a server's error message", {}],
    ["a server's error message and the SDK's debug log", { OPENAI_LOG: "debug" }],
  ])("%s", async (_name, env) => {
    const fake = await startFakeOpenAi([{ status: 400, error: { message: `bad ${HOSTILE}` } }]);
    try {
      await runHostileCase({
        name: "server error",
        args: () => ["ask", "--tools", "calculator", "q"],
        env: { OPENAI_BASE_URL: fake.baseURL, ...env },
        status: 1,
        check: (result) => {
          drawnSafely(result);
          expect(result.stderr).toContain("txt.exe");
        },
      });
    } finally {
      await fake.close();
    }
  });
});
