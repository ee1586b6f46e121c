import { describe, expect, it } from "vitest";
import { type HostileCase, runHostileCase } from "../test-support/hostile-case.js";

// Files handed to `replay` that are not traces, or are traces with fields missing or of
// the wrong kind: one line naming the line and what is wrong, exit 2, never a crash.

const USAGE = { inputTokens: 1, outputTokens: 1 };
const RESULT = { status: "answered", answer: "a", usage: USAGE, llmCalls: 1, durationMs: 1 };

/** [what, the file's text, what the one line says is wrong] */
const garbage: Array<[string, string, string | RegExp]> = [
  ["an empty file", "", "holds no events"],
  ["blank lines only", "\n\n  \n", "holds no events"],
  ["a line that is not JSON", "not json\n{}\n", "line 1 is not JSON"],
  ["binary noise", "\u0000\u0001\u00ff\ufffd garbage\nmore\n", "line 1 is not JSON"],
  ["a JSON array", "[1,2,3]\n", "(it is not a JSON object)"],
  ["a JSON string", '"run-end"\n', "(it is not a JSON object)"],
  ["null", "null\n", "(it is not a JSON object)"],
  ["an event without a type", '{"timeMs":1}\n', "(it has no event type)"],
  ["a type that is a number", '{"type":7,"timeMs":1}\n', "(it has no event type)"],
  ["an unknown type", '{"type":"explode","timeMs":1}\n', "('explode' is not an event type)"],
  ["the type constructor", '{"type":"constructor","timeMs":1}\n', "('constructor' is not"],
  ["the type __proto__", '{"type":"__proto__","timeMs":1}\n', "('__proto__' is not"],
  ["no timeMs", '{"type":"warning","message":"m"}\n', "(its timeMs is not a number)"],
  ["a timeMs that is text", '{"type":"warning","message":"m","timeMs":"1"}\n', "timeMs"],
  ["a timeMs of 1e400", '{"type":"warning","message":"m","timeMs":1e400}\n', "timeMs"],
  ["run-end without a result", '{"type":"run-end","timeMs":1}\n', "no valid 'result'"],
  [
    "run-end whose result has no usage",
    `${JSON.stringify({ type: "run-end", timeMs: 1, result: { ...RESULT, usage: undefined } })}\n`,
    "no valid 'result'",
  ],
  [
    "run-end whose status is constructor",
    `${JSON.stringify({ type: "run-end", timeMs: 1, result: { ...RESULT, status: "constructor" } })}\n`,
    "no valid 'result'",
  ],
  [
    "run-end whose answer is an object",
    `${JSON.stringify({ type: "run-end", timeMs: 1, result: { ...RESULT, answer: { a: 1 } } })}\n`,
    "no valid 'result'",
  ],
  ["an observation without text", '{"type":"observation","timeMs":1,"step":1}\n', "'text'"],
  [
    "an action without a tool",
    '{"type":"action","timeMs":1,"step":1,"input":"i","thought":"t"}\n',
    "'tool'",
  ],
  [
    "an llm-end without a completion",
    '{"type":"llm-end","timeMs":1,"step":1,"reason":"stop","durationMs":1}\n',
    "'completion'",
  ],
  [
    "an llm-end whose reason is unknown",
    '{"type":"llm-end","timeMs":1,"step":1,"completion":"c","reason":"because","durationMs":1}\n',
    "'reason'",
  ],
  [
    "an llm-start with a numeric prompt",
    '{"type":"llm-start","timeMs":1,"step":1,"prompt":5}\n',
    "'prompt'",
  ],
  [
    "an llm-start with messages that are not messages",
    '{"type":"llm-start","timeMs":1,"step":1,"messages":[null]}\n',
    "'messages'",
  ],
  ["an error without its error", '{"type":"error","timeMs":1}\n', "'error'"],
  [
    "a run-start whose tools are not names",
    '{"type":"run-start","timeMs":1,"runId":"r","question":"q","tools":[1],"maxSteps":1,"provider":"p","model":"m"}\n',
    "'tools'",
  ],
  [
    "a good line, then a bad one",
    '{"type":"warning","message":"m","timeMs":1}\n{"type":"warning","timeMs":2}\n',
    "line 2 is not a trace event",
  ],
];

const cases: HostileCase[] = garbage.flatMap(([what, text, problem]) =>
  ["--text", "--json"].map((mode) => ({
    name: `replay ${mode} of ${what}`,
    setup: ({ file }) => {
      file("trace.jsonl", text);
    },
    args: () => ["replay", mode, "--speed", "0", "trace.jsonl"],
    status: 2,
    stdout: "",
    stderr: typeof problem === "string" ? problem : problem,
    check: (result) => {
      expect(result.stderr.trim().split("\n")).toHaveLength(1);
      expect(result.stderr).toMatch(/^langchain-mini: .*trace\.jsonl/);
    },
  })),
);

const readable: HostileCase[] = [
  {
    name: "replay of a trace whose last line was torn by a kill",
    setup: ({ file }) => {
      file("trace.jsonl", '{"type":"warning","message":"m","timeMs":1}\n{"type":"run-e');
    },
    args: () => ["replay", "--text", "--speed", "0", "trace.jsonl"],
    status: 1,
    stderr: "langchain-mini: the trace ends before its run did",
  },
  {
    name: "replay of a trace with a __proto__ key in an event",
    setup: ({ file }) => {
      file(
        "trace.jsonl",
        `{"type":"warning","message":"m","timeMs":1,"__proto__":{"polluted":true}}\n${JSON.stringify({ type: "run-end", timeMs: 2, result: RESULT })}\n`,
      );
    },
    args: () => ["replay", "--text", "--speed", "0", "trace.jsonl"],
    status: 0,
    stdout: "a\n",
  },
  {
    name: "replay of a folder",
    setup: ({ file }) => {
      file("unused", "");
    },
    args: ({ directory }) => ["replay", "--text", directory],
    status: 2,
    stderr: "it is a folder",
  },
  {
    name: "replay of a device",
    args: () => ["replay", "--text", "/dev/zero"],
    status: 2,
    stderr: "it is not a regular file (a device or socket)",
  },
];

describe("hostile corpus: garbage traces", () => {
  for (const hostile of [...cases, ...readable]) {
    it(hostile.name, () => runHostileCase(hostile), 60_000);
  }
});
