import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { startFakeOpenAi } from "@langchain-mini/llm-openai/testing";
import { beforeAll, describe, expect, it } from "vitest";
import { runCli, tempDir } from "../test-support/cli.js";
import {
  type AgentMode,
  BLOCKING_STORE,
  CASE_TIMEOUT_MS,
  completedTwice,
  countingScript,
  ledger,
  listRuns,
  startCli,
  waitFor,
} from "../test-support/counting-run.js";
import {
  askArgs,
  type CampaignStore,
  environment,
  type KillCase,
  killAndResume,
  uninterruptedAnswer,
} from "../test-support/kill-campaign.js";

// The file store in LANGCHAIN_MINI_HOME/sessions; journal points go through the blocking
// store on that same folder, so every other command reads it as users do.
const fileStore: CampaignStore = {
  args: (directory) => ["--store", join(directory, "home", "sessions")],
  killedArgs: (directory, point) =>
    "journal" in point
      ? ["--store", `${BLOCKING_STORE}:${join(directory, "home", "sessions")}`]
      : fileStore.args(directory),
  journalLines: async (directory, runId) =>
    readFileSync(join(directory, "home", "sessions", "runs", `${runId}.jsonl`), "utf8")
      .split("\n")
      .filter(Boolean),
};

const expected: Partial<Record<AgentMode, string>> = {};
beforeAll(async () => {
  expected.react = await uninterruptedAnswer("react", fileStore);
  expected.tools = await uninterruptedAnswer("tools", fileStore);
}, CASE_TIMEOUT_MS);

const CASES: [string, KillCase][] = [
  ["mid-stream: step 2's reply half-way", { agent: "react", point: { stream: 2 } }],
  // The first call waits for the start record: the run is killed before any call is paid.
  [
    "after the start record, before the first call",
    { agent: "react", point: { journal: "after:start:1" } },
  ],
  ["between a completion and its tool", { agent: "react", point: { journal: "after:llm:2" } }],
  [
    "between a tool's start record and its run",
    { agent: "react", point: { journal: "after:tool-start:2" }, declines: "item-2" },
  ],
  [
    "between steps: a result kept, the next call not made",
    { agent: "react", point: { journal: "after:tool-end:1" } },
  ],
  ["between steps, the last one", { agent: "react", point: { journal: "after:tool-end:3" } }],
  [
    "after the final completion, before the end record",
    { agent: "react", point: { journal: "after:llm:4" } },
  ],
  [
    "during the write of a completion",
    { agent: "react", point: { journal: "torn:llm:3" }, asksAgain: 3 },
  ],
  [
    "during the write of a tool's result",
    { agent: "react", point: { journal: "torn:tool-end:2" }, declines: "item-2" },
  ],
  ["mid-tool", { agent: "react", point: { tool: "item-2" }, declines: "item-2" }],
  ["native tool calls, mid-stream", { agent: "tools", point: { stream: 2 } }],
  [
    "native tool calls, between a completion and its tool",
    { agent: "tools", point: { journal: "after:llm:2" } },
  ],
  [
    "native tool calls, mid-tool",
    { agent: "tools", point: { tool: "item-3" }, declines: "item-3" },
  ],
];

describe("runs resume after kill -9 (file store)", () => {
  it.each(CASES)(
    "%s",
    async (_name, kase) => {
      await killAndResume(kase, fileStore, expected[kase.agent] ?? "");
    },
    CASE_TIMEOUT_MS,
  );
});

describe("the trace of a resumed run", { timeout: CASE_TIMEOUT_MS }, () => {
  it("is one run, marked where it went on live; replay --text shows the marker", async () => {
    const directory = tempDir();
    const fake = await startFakeOpenAi(countingScript("react"));
    try {
      const env = environment(directory, fake.baseURL);
      const marker = join(directory, "blocked");
      const running = startCli(askArgs("react", fileStore.killedArgs(directory, { journal: "" })), {
        env: { ...env, BLOCK_AT: "after:tool-end:1", BLOCK_MARKER: marker },
      });
      await waitFor(() => existsSync(marker), "the journal blocked", running.ended);
      await running.kill();
      const [run] = (await listRuns(fileStore.args(directory), { env })).runs;

      const trace = join(directory, "resumed.jsonl");
      const resumed = await runCli(
        ["runs", "resume", run?.runId ?? "", "--trace", trace, ...fileStore.args(directory)],
        { env },
      );
      expect(resumed.status).toBe(0);
      const events = readFileSync(trace, "utf8")
        .split("\n")
        .filter(Boolean)
        .map((line) => JSON.parse(line) as { type: string });
      expect(events.filter((event) => event.type === "run-start")).toHaveLength(1);
      expect(events.filter((event) => event.type === "resumed")).toEqual([
        expect.objectContaining({ type: "resumed", replayedCalls: 1 }),
      ]);
      // One call made before the kill, read back from the journal; three made live after it.
      expect(fake.requests).toHaveLength(4);

      const replayed = await runCli(["replay", "--text", trace], { env });
      expect(replayed.status).toBe(0);
      expect(replayed.stderr).toContain(
        "Resumed: the run was taken up again here: what came before was read from its journal (1 LLM call not made again)\n",
      );
      expect(replayed.stdout).toBe(expected.react);
    } finally {
      await fake.close();
    }
  });
});

describe("a run killed again while it resumes", { timeout: CASE_TIMEOUT_MS }, () => {
  it("is resumed a second time to the same answer, each call and tool input made once", async () => {
    const directory = tempDir();
    const fake = await startFakeOpenAi(countingScript("react"));
    try {
      const env = environment(directory, fake.baseURL);
      const blocking = fileStore.killedArgs(directory, { journal: "" });
      // Each process blocks at the first tool result it keeps: item-1's, then item-2's.
      const killAt = async (args: string[], marker: string) => {
        const running = startCli([...args, ...blocking], {
          env: { ...env, BLOCK_AT: "after:tool-end:1", BLOCK_MARKER: join(directory, marker) },
        });
        await waitFor(() => existsSync(join(directory, marker)), marker, running.ended);
        await running.kill();
        const { runs } = await listRuns(fileStore.args(directory), { env });
        expect(runs).toEqual([expect.objectContaining({ status: "interrupted" })]);
        return runs[0]?.runId ?? "";
      };
      const runId = await killAt(askArgs("react", []), "first");
      expect(await killAt(["runs", "resume", runId], "second")).toBe(runId);

      const resumed = await runCli(["runs", "resume", runId, ...fileStore.args(directory)], {
        env,
      });
      expect(resumed.status).toBe(0);
      expect(resumed.stdout).toBe(expected.react);
      expect(ledger(env.COUNT_FILE)).toEqual(
        ["item-1", "item-2", "item-3"].flatMap((item) => [
          `start count ${item}`,
          `end count ${item}`,
        ]),
      );
      expect(fake.requests).toHaveLength(4);
      expect(completedTwice(fake.requests)).toEqual([]);
      const journal = await fileStore.journalLines(directory, runId);
      expect(journal.filter((line) => JSON.parse(line).type === "resume")).toHaveLength(2);
    } finally {
      await fake.close();
    }
  });
});
