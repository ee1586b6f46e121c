import { execFileSync } from "node:child_process";
import { type RedisServer, startRedisServer } from "@langchain-mini/memory-redis/testing";
import { afterAll, beforeAll, describe, it } from "vitest";
import { type AgentMode, BLOCKING_STORE, CASE_TIMEOUT_MS } from "../test-support/counting-run.js";
import {
  type CampaignStore,
  type KillCase,
  killAndResume,
  uninterruptedAnswer,
} from "../test-support/kill-campaign.js";

// The campaign on a real redis-server: each case in a database of its own (a case expects
// its run alone in `runs list`); journal points through the blocking store over Redis.
let server: RedisServer;
const databases = new Map<string, number>();
const urlOf = (directory: string) => {
  if (!databases.has(directory)) databases.set(directory, databases.size);
  return `redis://127.0.0.1:${server.port}/${databases.get(directory)}`;
};

const redisStore: CampaignStore = {
  args: (directory) => ["--store", urlOf(directory)],
  killedArgs: (directory, point) =>
    "journal" in point
      ? ["--store", `${BLOCKING_STORE}:${urlOf(directory)}`]
      : redisStore.args(directory),
  journalLines: async (directory, runId) => {
    const database = String(databases.get(directory));
    const lines = execFileSync(
      "redis-cli",
      [
        "-p",
        String(server.port),
        "-n",
        database,
        "LRANGE",
        `langchain-mini:run:${runId}`,
        "0",
        "-1",
      ],
      { encoding: "utf8" },
    );
    return lines.split("\n").filter(Boolean);
  },
};

const expected: Partial<Record<AgentMode, string>> = {};
beforeAll(async () => {
  server = await startRedisServer();
  expected.react = await uninterruptedAnswer("react", redisStore);
  expected.tools = await uninterruptedAnswer("tools", redisStore);
}, CASE_TIMEOUT_MS);
afterAll(async () => {
  await server?.close();
});

const CASES: [string, KillCase][] = [
  ["mid-stream: step 2's reply half-way", { agent: "react", point: { stream: 2 } }],
  ["between a completion and its tool", { agent: "react", point: { journal: "after:llm:2" } }],
  [
    "between steps: a result kept, the next call not made",
    { agent: "react", point: { journal: "after:tool-end:1" } },
  ],
  ["mid-tool", { agent: "react", point: { tool: "item-2" }, declines: "item-2" }],
  ["native tool calls, mid-stream", { agent: "tools", point: { stream: 3 } }],
  [
    "native tool calls, mid-tool",
    { agent: "tools", point: { tool: "item-1" }, declines: "item-1" },
  ],
];

describe("runs resume after kill -9 (Redis store)", () => {
  it.each(CASES)(
    "%s",
    async (_name, kase) => {
      await killAndResume(kase, redisStore, expected[kase.agent] ?? "");
    },
    CASE_TIMEOUT_MS,
  );
});
