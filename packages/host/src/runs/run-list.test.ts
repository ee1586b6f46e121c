import { hostname } from "node:os";
import type { RunRecord } from "@langchain-mini/core";
import { InMemorySessionStore } from "@langchain-mini/memory";
import { describe, expect, it } from "vitest";
import { keepDaysSetting, listRuns } from "./run-list.js";

const at = new Date().toISOString();
const settings = {
  llm: "openai:gpt-4.1-mini",
  provider: "openai",
  model: "gpt-4.1-mini",
  tools: ["calculator"],
  agent: "react" as const,
  maxSteps: 15,
  approval: "auto" as const,
  today: "2026-11-27",
};
const start = (runId: string): RunRecord => ({
  type: "start",
  runId,
  question: `question of ${runId}`,
  settings,
  at,
});

/** Waits until the clock has moved on by `ms`: what "older than" needs, without a sleep. */
async function clockPast(ms: number) {
  const from = Date.now();
  while (Date.now() - from <= ms) await new Promise((resolve) => setImmediate(resolve));
}

describe("the runs a journal keeps", () => {
  it("are pruned once older than the days kept, unless a live process holds them", async () => {
    const { runs } = new InMemorySessionStore();
    await runs.append("done", start("done"));
    await runs.append("done", { type: "end", status: "answered", answer: "4", at });
    await runs.append("cut", start("cut"));
    await runs.append("live", start("live"));
    const lease = {
      owner: "me",
      host: hostname(),
      pid: process.pid,
      expiresAt: Date.now() + 60_000,
    };
    expect(await runs.swapLease("live", undefined, lease)).toBe(true);

    const kept = await listRuns(runs);
    expect(kept.map(({ runId, status }) => [runId, status]).sort()).toEqual([
      ["cut", "interrupted"],
      ["done", "answered"],
      ["live", "running"],
    ]);

    await clockPast(5);
    const pruned = await listRuns(runs, { keepDays: 1 / 86_400_000 });
    expect(pruned.map((run) => run.runId)).toEqual(["live"]);
    expect((await runs.list()).map((run) => run.runId)).toEqual(["live"]);
  });

  it("are kept LANGCHAIN_MINI_RUNS_KEEP_DAYS days, a bad value being one line", () => {
    expect(keepDaysSetting({})).toBe(30);
    expect(keepDaysSetting({ LANGCHAIN_MINI_RUNS_KEEP_DAYS: "0.5" })).toBe(0.5);
    expect(() => keepDaysSetting({ LANGCHAIN_MINI_RUNS_KEEP_DAYS: "forever" })).toThrow(
      "LANGCHAIN_MINI_RUNS_KEEP_DAYS must be a number of days above 0, got 'forever'",
    );
  });
});
