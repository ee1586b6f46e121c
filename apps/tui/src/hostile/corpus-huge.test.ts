import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { type HostileCase, runHostileCase } from "../test-support/hostile-case.js";

// Sizes no one expects: every byte of a huge answer arrives (with an output limit that
// lets it), a huge observation or question goes through, and a model that never stops is
// cut off at the default output limit.

// Mixed widths, so characters and bytes differ; no trailing space (the parser trims it).
const FOUR_MB = "ascii-é-東-👍 ".repeat(250_000).trim();
const final = (answer: string) => [` I now know the final answer\nFinal Answer: ${answer}`];

const cases: HostileCase[] = [
  {
    name: "a 4 MB answer arrives whole on stdout",
    args: ({ script }) => [
      "ask",
      "--max-tokens",
      "4000000",
      "--tools",
      "calculator",
      "--llm",
      `script:${script(final(FOUR_MB))}`,
      "q",
    ],
    status: 0,
    // Not toBe: a failure would print 4 MB twice.
    check: (result) => expect(result.stdout === `${FOUR_MB}\n`).toBe(true),
  },
  {
    name: "a 4 MB answer in --json and a trace",
    args: ({ script, out }) => [
      "ask",
      "--max-tokens",
      "4000000",
      "--json",
      "--trace",
      join(out, "t.jsonl"),
      "--tools",
      "calculator",
      "--llm",
      `script:${script(final(FOUR_MB))}`,
      "q",
    ],
    status: 0,
    check: (result, { out }) => {
      const end = JSON.parse(result.stdout.trim().split("\n").at(-1) ?? "{}");
      expect(end.result.answer).toBe(FOUR_MB);
      expect(readFileSync(join(out, "t.jsonl"), "utf8")).toContain('"type":"run-end"');
    },
  },
  {
    name: "an answer of 200,000 lines",
    args: ({ script }) => [
      "ask",
      "--max-tokens",
      "1000000",
      "--tools",
      "calculator",
      "--llm",
      `script:${script(final("line\n".repeat(200_000)))}`,
      "q",
    ],
    status: 0,
    check: (result) => expect(result.stdout.split("\n").length).toBeGreaterThan(200_000),
  },
  {
    name: "a 2 MB observation from a tool",
    setup: ({ file }) => {
      file(
        "big-tool.mjs",
        'export const createTools = () => [{ name: "big", description: "d", execute: () => "o".repeat(2_000_000) }];',
      );
    },
    args: ({ script }) => [
      "ask",
      "--tools",
      "./big-tool.mjs",
      "--llm",
      `script:${script([" I will\nAction: big\nAction Input: x", ...final("done")])}`,
      "q",
    ],
    status: 0,
    stdout: "done\n",
  },
  {
    // One argument may hold at most 128 KB on Linux.
    name: "a 120 KB question",
    args: ({ script }) => [
      "ask",
      "--tools",
      "calculator",
      "--llm",
      `script:${script(final("read it"))}`,
      "q".repeat(120_000),
    ],
    status: 0,
    stdout: "read it\n",
  },
  {
    name: "a 4 MB answer is cut at the default output limit, with a warning",
    args: ({ script }) => [
      "ask",
      "--tools",
      "calculator",
      "--llm",
      `script:${script(final(FOUR_MB))}`,
      "q",
    ],
    status: 0,
    check: (result) => {
      expect(result.stdout.length).toBeGreaterThan(10_000);
      expect(result.stdout.length).toBeLessThan(200_000);
      expect(result.stderr).toMatch(/Warning: .*limit/i);
    },
  },
  {
    name: "a model that never stops is cut at the output limit, and the run ends",
    setup: ({ file }) => {
      file(
        "endless.mjs",
        `export const createLlm = () => ({ provider: "endless", model: "m", async *stream() { for (;;) yield { type: "text", text: "Thought: more " }; } });`,
      );
    },
    args: () => [
      "ask",
      "--max-tokens",
      "50",
      "--max-steps",
      "2",
      "--tools",
      "calculator",
      "--llm",
      "./endless.mjs:m",
      "q",
    ],
    status: 1,
    stdout: "",
    stderr: "Agent stopped after 2 steps",
  },
];

describe("hostile corpus: huge outputs", () => {
  for (const hostile of cases) it(hostile.name, () => runHostileCase(hostile), 120_000);
});
