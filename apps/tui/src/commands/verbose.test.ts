import { appendStep, renderReactPrompt } from "@langchain-mini/prompts";
import { createCalculator } from "@langchain-mini/tool-calculator";
import { describe, expect, it } from "vitest";
import { runCli, tempDir, writeScript } from "../test-support/cli.js";

// Seed 001's third conversation turn: 2023/5, then ceil(404.6), then 405.
const question = "What is the total number of five year periods in the year 2023?";
const completions = [
  " I need to calculate the amount of five year periods.\nAction: calculator\nAction Input: 2023/5",
  " I need to round up the number to the nearest whole number.\nAction: calculator\nAction Input: ceil(404.6)",
  " I now know the final answer.\nFinal Answer: 405",
];

describe("ask --verbose", () => {
  it("shows every full prompt and raw completion of seed 001's five-year run, then a summary", async () => {
    const directory = tempDir();
    const script = writeScript(directory, completions);
    const result = await runCli(["ask", "--verbose", "--llm", `script:${script}`, question], {
      cwd: directory,
    });

    expect(result.status).toBe(0);
    expect(result.stdout).toBe("405\n");
    const prompts = [renderReactPrompt({ question, tools: [createCalculator()] })];
    prompts.push(appendStep(prompts[0] as string, completions[0] as string, "404.6"));
    prompts.push(appendStep(prompts[1] as string, completions[1] as string, "405"));
    for (const [index, prompt] of prompts.entries()) {
      expect(result.stderr).toContain(`Prompt · LLM call ${index + 1}`);
      expect(result.stderr).toContain(prompt);
      expect(result.stderr).toContain(`Completion · LLM call ${index + 1}`);
      expect(result.stderr).toContain(completions[index]);
    }
    expect(result.stderr).toMatch(
      /Summary: 3 steps, 3 LLM calls, \d+ tokens in \/ \d+ out, [\d.]+ s wall \(LLM [\d.]+ s, tools [\d.]+ s, framework [\d.]+ s\)/,
    );
    // Piped: no colour codes.
    expect(result.stderr).not.toContain("\u001b[");
  });

  it("never shows an API key from the environment, even when the model repeats it", async () => {
    const key = "sk-test-0123456789abcdefghijklmnop";
    const directory = tempDir();
    const script = writeScript(directory, [
      ` The key is ${key}\nAction: calculator\nAction Input: 1+1`,
      ` I now know.\nFinal Answer: the key was ${key}`,
    ]);
    const trace = `${directory}/trace.jsonl`;
    const result = await runCli(
      ["ask", "--verbose", "--trace", trace, "--llm", `script:${script}`, `echo ${key}`],
      { cwd: directory, env: { OPENAI_API_KEY: key } },
    );
    expect(result.status).toBe(0);
    const { readFileSync } = await import("node:fs");
    for (const text of [result.stdout, result.stderr, readFileSync(trace, "utf8")]) {
      expect(text).not.toContain(key);
    }
    expect(result.stderr).toContain("[REDACTED]");
  });
});
