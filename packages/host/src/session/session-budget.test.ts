import type { AgentResult, Llm, ModelPrice, RunRecord, Tool } from "@langchain-mini/core";
import { ScriptedLlm } from "@langchain-mini/core/testing";
import { InMemorySessionStore } from "@langchain-mini/memory";
import { afterEach, describe, expect, it } from "vitest";
import { createHost, type Host, type SessionOptions } from "../create-host.js";
import { tempDir } from "../test-support/temp-dir.js";

// Budgets as a host holds them: --max-cost and --max-tokens-total for each run,
// --session-max-cost for a session's runs together, and the price each needs.

const price: ModelPrice = { input: 3, output: 15 };
const echo: Tool = { name: "echo", description: "repeats its input", execute: (input) => input };
const act = (step: number) =>
  ` step ${step}\nAction: echo\nAction Input: ${step} ${"word ".repeat(50)}`;
const answer = " I now know the final answer\nFinal Answer: said";

const hosts: Host[] = [];
afterEach(async () => {
  await Promise.all(hosts.splice(0).map((host) => host.close()));
});

function open(llm: Llm, options: Omit<SessionOptions, "llm"> = {}) {
  const directory = tempDir();
  const host = createHost({ env: { LANGCHAIN_MINI_HOME: directory }, cwd: directory });
  hosts.push(host);
  return host.openSession({ llm, tools: [echo], maxTokens: 100, ...options });
}

async function ask(session: Awaited<ReturnType<typeof open>>, question: string) {
  const run = session.ask(question);
  for await (const _ of run) {
    // Read to the end: the run's journal and the session's sum are written as it goes.
  }
  return { runId: run.runId, result: await run.result };
}

const records = async (store: InMemorySessionStore, runId: string): Promise<RunRecord[]> => [
  ...(await store.runs.load(runId)).records,
];

describe("a session's budget (--session-max-cost)", () => {
  it("is shared by its runs: the run whose next call could pass it stops, its steps kept", async () => {
    const store = new InMemorySessionStore();
    const replies = [act(1), answer, ...Array.from({ length: 40 }, (_, step) => act(step + 2))];
    const llm = new ScriptedLlm(replies, { price });
    const session = await open(llm, { store, sessionMaxCost: "0.02" });

    const first = await ask(session, "Say it once");
    expect(first.result.status).toBe("answered");
    const second = await ask(session, "Say it forty times");
    expect(second.result).toMatchObject({ status: "stopped", error: { code: "budget_exceeded" } });
    expect(second.result.error?.message).toMatch(
      /^Stopped at the session's budget: its runs spent \$0\.0\d+ of its \$0\.02 limit/,
    );
    const spent = (first.result.cost ?? Number.NaN) + (second.result.cost ?? Number.NaN);
    expect(spent).toBeLessThanOrEqual(0.02);
    expect(second.result.steps.length).toBeGreaterThan(1);

    const journal = await records(store, second.runId);
    // One LLM call a step (the turn's rewrite of the question is memory's, not journaled).
    expect(journal.filter((record) => record.type === "llm")).toHaveLength(
      second.result.steps.length,
    );
    expect(journal.at(-1)).toMatchObject({
      type: "end",
      status: "stopped",
      error: second.result.error,
    });
  });

  it("needs the model's price, as --max-cost does: one line before anything runs", async () => {
    const unpriced = new ScriptedLlm([answer]);
    await expect(open(unpriced, { sessionMaxCost: "1" })).rejects.toMatchObject({
      code: "config_invalid",
      message:
        "--session-max-cost needs the price of script:scripted, which is not known: give it one in prices.json in the data directory, or bound each run's tokens with --max-tokens-total instead",
    });
    await expect(open(unpriced, { maxCost: "1" })).rejects.toMatchObject({
      code: "config_invalid",
      message:
        "--max-cost needs the price of script:scripted, which is not known: give it one in prices.json in the data directory, or bound each run's tokens with --max-tokens-total instead",
    });
    // Tokens need no price.
    const session = await open(unpriced, { maxTokensTotal: "100000" });
    expect((await ask(session, "Say it")).result.answer).toBe("said");
  });

  it.each([
    [
      { maxCost: "cheap" },
      "--max-cost must be an amount of US dollars above 0, such as 0.50, got 'cheap'",
    ],
    [{ maxCost: "0" }, "--max-cost must be an amount of US dollars above 0, such as 0.50, got '0'"],
    [
      { sessionMaxCost: "-1" },
      "--session-max-cost must be an amount of US dollars above 0, such as 0.50, got '-1'",
    ],
    [
      { maxTokensTotal: "1e6" },
      "--max-tokens-total must be a whole number of at least 1, got '1e6'",
    ],
    [{ contextWindow: "32k" }, "--context-window must be a whole number of at least 1, got '32k'"],
  ])("refuses %o in one line", async (options, message) => {
    await expect(open(new ScriptedLlm([answer], { price }), options)).rejects.toMatchObject({
      code: "config_invalid",
      message,
    });
  });
});

describe("a run's budgets", () => {
  it("are kept in its journal, so that a run taken up again keeps them", async () => {
    const store = new InMemorySessionStore();
    const llm = new ScriptedLlm([act(1), answer], { price });
    const session = await open(llm, { store, maxCost: "0.5", maxTokensTotal: "20000" });
    const { runId, result } = await ask(session, "Say it once");
    expect(result.status).toBe("answered");
    const [start] = await records(store, runId);
    expect(start).toMatchObject({
      type: "start",
      settings: { maxCost: 0.5, maxTokensTotal: 20000 },
    });
  });

  it("stop the run with budget_exceeded, what it spent and what the limit was", async () => {
    const llm = new ScriptedLlm(
      Array.from({ length: 40 }, (_, step) => act(step)),
      { price },
    );
    const session = await open(llm, { maxCost: "0.01" });
    const { result }: { result: AgentResult } = await ask(session, "Say it forty times");
    expect(result).toMatchObject({ status: "stopped", error: { code: "budget_exceeded" } });
    expect(result.error?.message).toMatch(
      /^Stopped at the run's budget: it spent \$0\.0\d+ of its \$0\.01 limit/,
    );
    expect(result.cost).toBeLessThanOrEqual(0.01);
  });
});
