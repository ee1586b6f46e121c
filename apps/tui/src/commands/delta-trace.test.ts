import { readFileSync, statSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { appendStep, renderReactPrompt } from "@langchain-mini/prompts";
import { createCalculator } from "@langchain-mini/tool-calculator";
import { describe, expect, it } from "vitest";
import { runCli, tempDir, writeScript } from "../test-support/cli.js";

const question = "What is the total number of five year periods in the year 2023?";
const completions = [
  " I need to calculate the amount of five year periods.\nAction: calculator\nAction Input: 2023/5",
  " I need to round up the number to the nearest whole number.\nAction: calculator\nAction Input: ceil(404.6)",
  " I now know the final answer.\nFinal Answer: 405",
];
/** The three prompts that run sends, byte for byte. */
function expectedPrompts() {
  const first = renderReactPrompt({ question, tools: [createCalculator()] });
  const second = appendStep(first, completions[0] as string, "404.6");
  return [first, second, appendStep(second, completions[1] as string, "405")];
}

type Line = { type: string; [key: string]: unknown };
const parseLines = (text: string) =>
  text
    .trim()
    .split("\n")
    .map((line) => JSON.parse(line) as Line);

/** `count` calculator steps, then a final answer. */
function calculatorScript(count: number) {
  const replies: string[] = [];
  for (let step = 1; step <= count; step++) {
    replies.push(` I should add ${step}\nAction: calculator\nAction Input: ${step} + ${step}`);
  }
  replies.push(" I now know the final answer\nFinal Answer: done");
  return replies;
}

describe("traces and --json in the delta form", () => {
  it("replay --verbose and --as-script rebuild a delta trace into the whole prompts", async () => {
    const directory = tempDir();
    const script = writeScript(directory, completions);
    const trace = join(directory, "run.jsonl");
    const asked = await runCli(["ask", "--trace", trace, "--llm", `script:${script}`, question], {
      cwd: directory,
    });
    expect(asked.status).toBe(0);
    const lines = parseLines(readFileSync(trace, "utf8"));
    expect(lines.filter((line) => line.type === "llm-start" && "prompt" in line)).toHaveLength(1);

    const verbose = await runCli(["replay", "--speed", "0", "--verbose", trace], {
      cwd: directory,
    });
    expect(verbose.status).toBe(0);
    expect(verbose.stdout).toBe("405\n");
    for (const [index, prompt] of expectedPrompts().entries()) {
      expect(verbose.stderr).toContain(`Prompt · LLM call ${index + 1}`);
      expect(verbose.stderr).toContain(`${prompt}\n──── Completion · LLM call ${index + 1}`);
    }

    const asScript = await runCli(["replay", "--as-script", trace], { cwd: directory });
    expect(JSON.parse(asScript.stdout)).toEqual(completions);
  });

  it("ask --json writes each later prompt as what it appended to the one before", async () => {
    const directory = tempDir();
    const script = writeScript(directory, completions);
    const result = await runCli(["ask", "--json", "--llm", `script:${script}`, question], {
      cwd: directory,
    });
    expect(result.status).toBe(0);
    const starts = parseLines(result.stdout).filter((line) => line.type === "llm-start");
    const [first, second, third] = expectedPrompts() as [string, string, string];
    expect(starts).toEqual([
      { type: "llm-start", step: 1, prompt: first },
      { type: "llm-start", step: 2, appended: second.slice(first.length) },
      { type: "llm-start", step: 3, appended: third.slice(second.length) },
    ]);
  });

  it("still replays traces written with the whole prompt on every call", async () => {
    const directory = tempDir();
    const prompts = expectedPrompts();
    const events: Line[] = [
      {
        type: "run-start",
        runId: "r1",
        question,
        tools: ["calculator"],
        maxSteps: 15,
        provider: "script",
        model: "scripted",
      },
    ];
    for (const [index, completion] of completions.entries()) {
      const step = index + 1;
      events.push({ type: "llm-start", step, prompt: prompts[index] });
      events.push({ type: "llm-end", step, completion, reason: "stop", durationMs: 1 });
    }
    events.push({
      type: "run-end",
      result: {
        status: "answered",
        answer: "405",
        question,
        steps: [],
        usage: { inputTokens: 0, outputTokens: 0 },
        llmCalls: 3,
        durationMs: 3,
      },
    });
    const trace = join(directory, "old.jsonl");
    writeFileSync(
      trace,
      events.map((event, index) => JSON.stringify({ ...event, timeMs: index })).join("\n"),
    );

    const verbose = await runCli(["replay", "--speed", "0", "--verbose", trace], {
      cwd: directory,
    });
    expect(verbose.status).toBe(0);
    for (const [index, prompt] of prompts.entries()) {
      expect(verbose.stderr).toContain(`${prompt}\n──── Completion · LLM call ${index + 1}`);
    }
    const json = await runCli(["replay", "--speed", "0", "--json", trace], { cwd: directory });
    expect(parseLines(json.stdout).filter((line) => line.type === "llm-start")).toEqual(
      events.filter((event) => event.type === "llm-start"),
    );
    const asScript = await runCli(["replay", "--as-script", trace], { cwd: directory });
    expect(JSON.parse(asScript.stdout)).toEqual(completions);
  });

  it("grows linearly with the run: 200 steps cost about ten times 20 steps, not a hundred", async () => {
    const directory = tempDir();
    const sizes: Record<string, { trace: number; json: number }> = {};
    for (const steps of [20, 200]) {
      const script = writeScript(directory, calculatorScript(steps), `script-${steps}.json`);
      const trace = join(directory, `run-${steps}.jsonl`);
      const args = ["--llm", `script:${script}`, "--max-steps", String(steps + 1), "Add"];
      const traced = await runCli(["ask", "--trace", trace, ...args], { cwd: directory });
      const json = await runCli(["ask", "--json", ...args], { cwd: directory });
      expect(traced.status).toBe(0);
      expect(json.status).toBe(0);
      sizes[steps] = { trace: statSync(trace).size, json: Buffer.byteLength(json.stdout) };
    }
    const [short, long] = [sizes[20], sizes[200]] as [(typeof sizes)[20], (typeof sizes)[20]];
    // Whole prompts on every call would make the long run about 40 times the short one.
    expect(long.trace / short.trace).toBeLessThan(12);
    expect(long.json / short.json).toBeLessThan(12);
  }, 120_000);
});

describe("no key leaves the process", () => {
  const key = "sk-test-0123456789abcdefghijklmnop";
  // A plug-in tool whose setting is marked secret, though its name does not look like a key's.
  const VAULT_TOOL = `export const environment = [
    { name: "VAULT_PASSPHRASE", description: "the vault's passphrase", secret: true },
  ];
  export function createTools({ env }) {
    return [{
      name: "vault",
      description: "Opens the vault.",
      execute: () => "opened with " + env.VAULT_PASSPHRASE,
    }];
  }`;
  const passphrase = "correct horse battery staple";

  it("in --json, the trace, --verbose, the text trace or the answer, whole or split across deltas", async () => {
    const directory = tempDir();
    writeFileSync(join(directory, "vault.js"), VAULT_TOOL);
    // The key streams in pieces of 8 characters: no piece holds the whole key.
    const script = writeScript(directory, [
      ` The key is ${key}, and the passphrase\nAction: vault\nAction Input: open`,
      ` Done.\nFinal Answer: the key was ${key} and ${passphrase}`,
    ]);
    const trace = join(directory, "trace.jsonl");
    const env = { OPENAI_API_KEY: key, VAULT_PASSPHRASE: passphrase };
    const common = ["--llm", `script:${script}`, "--tools", "./vault.js", `echo ${key}`];
    const text = await runCli(["ask", "--verbose", "--trace", trace, ...common], {
      cwd: directory,
      env,
    });
    const json = await runCli(["ask", "--json", ...common], { cwd: directory, env });
    expect(text.status).toBe(0);
    expect(json.status).toBe(0);

    const written = readFileSync(trace, "utf8");
    for (const output of [text.stdout, text.stderr, json.stdout, written]) {
      expect(output).not.toContain(key);
      expect(output).not.toContain(passphrase);
      expect(output).toContain("[REDACTED]");
    }
    for (const output of [json.stdout, written]) {
      const deltas = parseLines(output)
        .filter((line) => line.type === "llm-delta")
        .map((line) => line.text)
        .join("");
      expect(deltas).toContain("The key is [REDACTED], and the passphrase");
      expect(deltas).not.toContain("sk-test");
    }
    expect(text.stdout).toBe("the key was [REDACTED] and [REDACTED]\n");
  }, 60_000);
});
