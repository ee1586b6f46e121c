import { mkdirSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { runCli } from "../test-support/cli.js";
import { type HostileCase, runHostileCase, SECRETS } from "../test-support/hostile-case.js";

// Keys that reach the model's text, a tool's output, an error, a question or a file: none
// may leave the process. The harness checks stdout, stderr, traces and the data directory.

const KEY = SECRETS.OPENAI_API_KEY;
const TOKEN = SECRETS.ACME_SERVICE_TOKEN;
const answerWith = (text: string) => [` I now know the final answer\nFinal Answer: ${text}`];

const outputs: Array<[string, (trace: string) => string[]]> = [
  ["text", () => []],
  ["--json", () => ["--json"]],
  ["--verbose", () => ["--verbose"]],
  ["--trace", (trace) => ["--trace", trace]],
];

const inTheAnswer: HostileCase[] = [KEY, TOKEN, JSON.stringify(TOKEN).slice(1, -1)].flatMap(
  (secret, index) =>
    outputs.map(([label, flags]) => ({
      name: `a key in the model's answer (${["plain", "with quotes", "JSON-escaped"][index]}), ${label}`,
      args: ({ script, out }) => [
        "ask",
        ...flags(join(out, "trace.jsonl")),
        "--tools",
        "calculator",
        "--llm",
        `script:${script(answerWith(`the key is ${secret} ok`))}`,
        "q",
      ],
      status: 0,
      check: (result) => expect(`${result.stdout}${result.stderr}`).toContain("[REDACTED]"),
    })),
);

const elsewhere: HostileCase[] = [
  {
    name: "a key in the question, stored in a session and shown again",
    args: ({ script }) => [
      "ask",
      "--session",
      "keys",
      "--tools",
      "calculator",
      "--llm",
      `script:${script(answerWith("noted"))}`,
      `remember ${KEY}`,
    ],
    status: 0,
    stdout: "noted\n",
    check: async (_result, context) => {
      const shown = await runCli(["sessions", "show", "keys"], {
        env: { LANGCHAIN_MINI_HOME: context.home },
      });
      expect(shown.stdout).toBe("Q: remember [REDACTED]\nA: noted\n");
    },
  },
  {
    name: "a key the model sends as a tool's input, echoed in the tool's error",
    args: ({ script, out }) => [
      "ask",
      "--trace",
      join(out, "trace.jsonl"),
      "--tools",
      "calculator",
      "--llm",
      `script:${script([` I will\nAction: calculator\nAction Input: ${KEY}`, ...answerWith("done")])}`,
      "q",
    ],
    status: 0,
    stdout: "done\n",
  },
  {
    name: "a key streamed across several deltas (8 characters each), --json",
    args: ({ script }) => [
      "ask",
      "--json",
      "--tools",
      "calculator",
      "--llm",
      `script:${script(answerWith(KEY))}`,
      "q",
    ],
    status: 0,
  },
  {
    name: "a key from .env, not the shell",
    setup: ({ file }) => {
      file(".env", "DOTENV_API_KEY=dotenv-secret-value-2b7e91c4\n");
    },
    args: ({ script }) => [
      "ask",
      "--tools",
      "calculator",
      "--llm",
      `script:${script(answerWith("it is dotenv-secret-value-2b7e91c4"))}`,
      "q",
    ],
    status: 0,
    stdout: "it is [REDACTED]\n",
    forbidden: ["dotenv-secret-value-2b7e91c4"],
  },
  {
    name: "a plug-in's setting marked secret, whatever its name",
    setup: ({ file }) => {
      file(
        "secret-tool.mjs",
        `export const environment = [{ name: "ACME_PASSPHRASE_VALUE", description: "d", secret: true }];
export const createTools = ({ env }) => [{ name: "peek", description: "peeks", execute: () => "it is " + env.ACME_PASSPHRASE_VALUE }];`,
      );
    },
    env: { ACME_PASSPHRASE_VALUE: "plugin-declared-secret-55aa" },
    args: ({ script }) => [
      "ask",
      "--tools",
      "./secret-tool.mjs",
      "--llm",
      `script:${script([" I will\nAction: peek\nAction Input: x", ...answerWith("seen")])}`,
      "q",
    ],
    status: 0,
    stdout: "seen\n",
    stderr: "Observation: it is [REDACTED]",
    forbidden: ["plugin-declared-secret-55aa"],
  },
  {
    name: "a key in a provider's error message",
    setup: ({ file }) => {
      file(
        "leaky-llm.mjs",
        `export const createLlm = ({ env }) => ({ provider: "leaky", model: "m", async *stream() { throw new Error("rejected key " + env.OPENAI_API_KEY); } });`,
      );
    },
    args: () => ["ask", "--tools", "calculator", "--llm", "./leaky-llm.mjs:m", "q"],
    status: 1,
    stderr: "rejected key [REDACTED]",
  },
  {
    name: "a key in a provider factory's failure",
    setup: ({ file }) => {
      file(
        "leaky-factory.mjs",
        `export const createLlm = ({ env }) => { throw new Error("bad key " + env.OPENAI_API_KEY); };`,
      );
    },
    args: () => ["ask", "--tools", "calculator", "--llm", "./leaky-factory.mjs:m", "q"],
    status: 2,
    stderr: "bad key [REDACTED]",
  },
  {
    name: "a key in a session file written before keys were blanked",
    setup: ({ directory, file }) => {
      mkdirSync(join(directory, "old-sessions"));
      file(
        "old-sessions/old.jsonl",
        `${JSON.stringify({ type: "turn", question: `key ${KEY}`, answer: "a", at: "x" })}\n`,
      );
    },
    args: ({ directory }) => [
      "sessions",
      "show",
      "old",
      "--store",
      join(directory, "old-sessions"),
    ],
    status: 0,
    stdout: "Q: key [REDACTED]\nA: a\n",
  },
  ...["--text", "--json"].map((flag) => ({
    name: `a key in a trace written by hand, replayed with ${flag}`,
    setup: ({ file }: { file: (name: string, content: string) => string }) => {
      file(
        "old.jsonl",
        [
          { type: "warning", message: `key ${KEY}`, timeMs: 1 },
          {
            type: "run-end",
            timeMs: 2,
            result: {
              status: "answered",
              answer: `it is ${KEY}`,
              question: "q",
              steps: [],
              usage: { inputTokens: 1, outputTokens: 1 },
              llmCalls: 1,
              durationMs: 1,
            },
          },
        ]
          .map((line) => JSON.stringify(line))
          .join("\n"),
      );
    },
    args: () => ["replay", flag, "--speed", "0", "old.jsonl"],
    status: 0,
    check: (result: { stdout: string }) => expect(result.stdout).toContain("[REDACTED]"),
  })),
];

describe("hostile corpus: keys never leave the process", () => {
  for (const hostile of [...inTheAnswer, ...elsewhere]) {
    it(hostile.name, () => runHostileCase(hostile), 60_000);
  }
});
