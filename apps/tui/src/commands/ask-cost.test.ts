import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { costOf, type TokenUsage } from "@langchain-mini/core";
import { prices } from "@langchain-mini/llm-anthropic";
import { startFakeAnthropic } from "@langchain-mini/llm-anthropic/testing";
import { afterEach, describe, expect, it } from "vitest";
import { formatCost } from "../render/format-cost.js";
import { runCli, tempDir } from "../test-support/cli.js";

let fake: Awaited<ReturnType<typeof startFakeAnthropic>> | undefined;
afterEach(async () => {
  await fake?.close();
  fake = undefined;
});

const MODEL = "claude-haiku-5-5";
const question = "what is the square root of 25?";
const seedReplies = [
  { text: " I need the calculator\nAction: calculator\nAction Input: 25^(1/2)" },
  { text: " I now know the final answer\nFinal Answer: The square root of 25 is 5." },
];

interface JsonEvent {
  readonly type: string;
  readonly usage?: TokenUsage;
  readonly cost?: number;
  readonly result?: { readonly cost?: number; readonly usage: TokenUsage };
}

/** `ask` against the fake Messages API, its data directory holding `prices` when given. */
async function ask(args: readonly string[], prices?: string, model = MODEL) {
  fake = await startFakeAnthropic(seedReplies, { minCacheTokens: 0 });
  const home = tempDir();
  if (prices !== undefined) writeFileSync(join(home, "prices.json"), prices);
  const result = await runCli(
    ["ask", "--llm", `anthropic:${model}`, "--tools", "calculator", ...args, question],
    {
      env: {
        ANTHROPIC_API_KEY: "sk-ant-test-key-1234567890",
        ANTHROPIC_BASE_URL: fake.baseURL,
        LANGCHAIN_MINI_HOME: home,
      },
    },
  );
  return { ...result, home };
}

const eventsOf = (stdout: string) =>
  stdout
    .trim()
    .split("\n")
    .map((line) => JSON.parse(line) as JsonEvent);

describe("what a run cost, in ask", () => {
  it("--json: each llm-end carries its call's cost, cache reads and writes priced apart, and run-end their sum", async () => {
    const { stdout, status } = await ask(["--json"]);
    expect(status).toBe(0);
    const events = eventsOf(stdout);
    const ends = events.filter((event) => event.type === "llm-end");
    expect(ends).toHaveLength(2);
    expect(ends[1]?.usage?.cachedInputTokens).toBeGreaterThan(0);
    const price = prices[MODEL];
    if (!price) throw new Error(`no price for ${MODEL}`);
    for (const end of ends) {
      expect(end.cost).toBeCloseTo(
        costOf(end.usage ?? { inputTokens: 0, outputTokens: 0 }, price),
        15,
      );
    }
    const runEnd = events.at(-1);
    expect(runEnd?.type).toBe("run-end");
    expect(runEnd?.result?.cost).toBeCloseTo((ends[0]?.cost ?? 0) + (ends[1]?.cost ?? 0), 15);
  });

  it("--verbose: the run summary says what the run cost", async () => {
    const json = eventsOf((await ask(["--json"])).stdout).at(-1)?.result?.cost ?? Number.NaN;
    const { stderr, status } = await ask(["--verbose"]);
    expect(status).toBe(0);
    expect(stderr).toMatch(
      new RegExp(
        `Summary: 2 steps, 2 LLM calls, \\d+ tokens in / \\d+ out, \\${formatCost(json)}, `,
      ),
    );
  });

  it("uses the user's prices.json over the provider's table, and none where it says null", async () => {
    const own = JSON.stringify({ [`anthropic:${MODEL}`]: { input: 1000, output: 2000 } });
    const events = eventsOf((await ask(["--json"], own)).stdout);
    const runEnd = events.at(-1)?.result;
    const usage = runEnd?.usage ?? { inputTokens: 0, outputTokens: 0 };
    expect(runEnd?.cost).toBeCloseTo(
      (usage.inputTokens * 1000 + usage.outputTokens * 2000) / 1e6,
      12,
    );

    const unknown = await ask(["--verbose"], JSON.stringify({ [`anthropic:${MODEL}`]: null }));
    expect(unknown.stderr).toMatch(/Summary: .* \d+ tokens in \/ \d+ out, [\d.]+ s wall/);
    expect(unknown.stderr).not.toContain("$");
  });

  it("shows tokens only for a model with no known price, until prices.json gives it one", async () => {
    const unpriced = eventsOf((await ask(["--json"], undefined, "claude-next")).stdout);
    expect(unpriced.some((event) => event.cost !== undefined)).toBe(false);
    expect(unpriced.at(-1)?.result?.usage.inputTokens).toBeGreaterThan(0);
    expect(unpriced.at(-1)?.result).not.toHaveProperty("cost");

    const priced = JSON.stringify({ "anthropic:claude-next": { input: 3, output: 15 } });
    const events = eventsOf((await ask(["--json"], priced, "claude-next")).stdout);
    expect(events.at(-1)?.result?.cost).toBeGreaterThan(0);
  });

  it("a prices.json with a mistake costs one warning line naming it, never the answer", async () => {
    const { stdout, stderr, status, home } = await ask([], '{ "anthropic:claude-haiku-5-5": ');
    expect(status).toBe(0);
    expect(stdout).toBe("The square root of 25 is 5.\n");
    const warnings = stderr.split("\n").filter((line) => line.startsWith("Warning:"));
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toMatch(
      new RegExp(`^Warning: Ignoring ${join(home, "prices.json")}: it is not JSON \\(`),
    );

    const badEntry = await ask(
      ["--json"],
      JSON.stringify({ [`anthropic:${MODEL}`]: { input: "cheap", output: 1 } }),
    );
    const events = eventsOf(badEntry.stdout);
    expect(events).toContainEqual({
      type: "warning",
      message: `Ignoring 1 entry of ${join(badEntry.home, "prices.json")}: "anthropic:${MODEL}": input must be a number of dollars per million tokens, 0 or more`,
    });
    // The provider's own price still counts.
    expect(events.at(-1)?.result?.cost).toBeGreaterThan(0);
  });
});
