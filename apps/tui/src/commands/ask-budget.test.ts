import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import type { AgentResult } from "@langchain-mini/core";
import { startFakeOpenAi } from "@langchain-mini/llm-openai/testing";
import { afterEach, describe, expect, it } from "vitest";
import { runCli, tempDir } from "../test-support/cli.js";

// Budgets through the built CLI: a scripted model priced in the data directory's
// prices.json, a run that would go on for forty steps, and the line, exit status, trace
// and run journal the user gets when its budget stops it.

const act = (step: number) =>
  ` I should add again\nAction: calculator\nAction Input: ${step}+${step}`;

/** A data directory whose prices.json prices the scripted model, and a forty-step script. */
function setUp(price: object | null = { input: 3, output: 15 }) {
  const home = tempDir();
  if (price) writeFileSync(join(home, "prices.json"), JSON.stringify({ "script:scripted": price }));
  const script = join(home, "script.json");
  writeFileSync(script, JSON.stringify(Array.from({ length: 40 }, (_, step) => act(step + 1))));
  return { home, script };
}

function ask(home: string, script: string, flags: readonly string[]) {
  const args = ["ask", "--llm", `script:${script}`, "--tools", "calculator", "--max-steps", "40"];
  return runCli([...args, ...flags, "Add it all up"], { env: { LANGCHAIN_MINI_HOME: home } });
}

const lastLine = (text: string) => text.trimEnd().split("\n").at(-1);

describe("ask --max-cost", () => {
  it("stops the run before the call that could pass it: exit 1, budget_exceeded, its steps in the trace and the journal", async () => {
    const { home, script } = setUp();
    const trace = join(home, "trace.jsonl");
    const result = await ask(home, script, [
      "--max-cost",
      "0.01",
      "--max-tokens",
      "100",
      "--trace",
      trace,
    ]);
    expect(result.status).toBe(1);
    expect(result.stdout).toBe("");
    expect(lastLine(result.stderr)).toMatch(
      /^Error: Stopped at the run's budget: it spent \$0\.00\d+ of its \$0\.01 limit, and the next LLM call could cost up to \$0\.00\d+: raise --max-cost, or lower --max-tokens \(what one reply may cost\)$/,
    );

    const lines = readFileSync(trace, "utf8").trim().split("\n");
    const events = lines.map(
      (line) => JSON.parse(line) as { type: string; runId?: string; result?: AgentResult },
    );
    const end = events.at(-1)?.result;
    expect(end).toMatchObject({ status: "stopped", error: { code: "budget_exceeded" } });
    expect(end?.steps.length).toBeGreaterThan(2);
    expect(end?.steps.length).toBeLessThan(40);
    expect(end?.cost).toBeLessThanOrEqual(0.01);
    expect(end?.steps.map((step) => step.observation)).toEqual(
      end?.steps.map((_, index) => String(2 * (index + 1))),
    );

    const runId = events[0]?.runId ?? "";
    const shown = await runCli(["runs", "show", runId], { env: { LANGCHAIN_MINI_HOME: home } });
    expect(shown.status).toBe(0);
    for (const step of end?.steps ?? [])
      expect(shown.stdout).toContain(`Action Input: ${step.input}\n`);
    expect(lastLine(shown.stdout)).toBe("Status: stopped");
  });

  it("needs the model's price: without one it is a usage error, before anything runs", async () => {
    const { home, script } = setUp(null);
    const result = await ask(home, script, ["--max-cost", "0.01"]);
    expect(result.status).toBe(2);
    expect(result.stderr).toBe(
      "langchain-mini: --max-cost needs the price of script:scripted, which is not known: give it one in prices.json in the data directory, or bound each run's tokens with --max-tokens-total instead\n",
    );
  });

  it("--max-tokens-total bounds a model without a price", async () => {
    const { home, script } = setUp(null);
    const result = await ask(home, script, [
      "--max-tokens-total",
      "3000",
      "--max-tokens",
      "100",
      "--json",
    ]);
    expect(result.status).toBe(1);
    const end = JSON.parse(lastLine(result.stdout) ?? "{}") as { result?: AgentResult };
    expect(end.result?.error?.message).toMatch(
      /^Stopped at the run's token budget: it used [\d,]+ of its 3,000 tokens/,
    );
    const usage = end.result?.usage ?? { inputTokens: Number.NaN, outputTokens: 0 };
    expect(usage.inputTokens + usage.outputTokens).toBeLessThanOrEqual(3000);
  });
});

describe("a model's context window", () => {
  let fake: Awaited<ReturnType<typeof startFakeOpenAi>> | undefined;
  afterEach(async () => {
    await fake?.close();
    fake = undefined;
  });

  const NOTICE =
    "Warning: openai:llama3.2's context window is not known: assuming 32,768 tokens; set it with --context-window or prices.json";

  async function askOpenAi(home: string, flags: readonly string[] = [], model = "llama3.2") {
    fake ??= await startFakeOpenAi([{ text: " I know\nFinal Answer: 4" }]);
    return runCli(["ask", "--llm", `openai:${model}`, "--tools", "calculator", ...flags, "2+2?"], {
      env: { OPENAI_BASE_URL: fake.baseURL, LANGCHAIN_MINI_HOME: home },
    });
  }

  it("unknown, is said once per model, never on every ask", async () => {
    const home = tempDir();
    const first = await askOpenAi(home);
    expect(first.status).toBe(0);
    expect(first.stderr.split("\n").filter((line) => line === NOTICE)).toHaveLength(1);
    const again = await askOpenAi(home);
    expect(again.status).toBe(0);
    expect(again.stderr).not.toContain("context window");
  });

  it("is not said for a model whose window is known, given by the flag or by prices.json", async () => {
    const UNKNOWN = "context window is not known";
    expect((await askOpenAi(tempDir(), [], "gpt-4.1-mini")).stderr).not.toContain(UNKNOWN);
    // A small window the user states is used: replies are limited to leave the prompt
    // room, quietly for the default limit, with a warning for one the user set.
    const stated = await askOpenAi(tempDir(), ["--context-window", "8192"]);
    expect(stated.status).toBe(0);
    expect(stated.stderr).not.toContain(UNKNOWN);
    expect(stated.stderr).not.toContain("Replies are limited");
    const set = await askOpenAi(tempDir(), ["--context-window", "8192", "--max-tokens", "4096"]);
    expect(set.stderr).toContain(
      "Replies are limited to 2048 tokens instead of 4096, to leave room for the prompt in the model's context window of 8192 tokens",
    );
    const home = tempDir();
    writeFileSync(
      join(home, "prices.json"),
      JSON.stringify({ "openai:llama3.2": { contextWindow: 8192 } }),
    );
    const result = await askOpenAi(home, ["--max-tokens", "4096"]);
    expect(result.status).toBe(0);
    expect(result.stderr).not.toContain(UNKNOWN);
    expect(result.stderr).toContain("context window of 8192 tokens");
    expect(result.stderr).not.toContain("Warning: Ignoring");
  });

  it("--context-window that is no whole number is a usage error", async () => {
    const result = await askOpenAi(tempDir(), ["--context-window", "lots"]);
    expect(result.status).toBe(2);
    expect(result.stderr).toBe(
      "langchain-mini: --context-window must be a whole number of at least 1, got 'lots'\n",
    );
  });
});
