import { existsSync } from "node:fs";
import { join } from "node:path";
import { startFakeOpenAi } from "@langchain-mini/llm-openai/testing";
import { expect } from "vitest";
import { runCli, tempDir } from "./cli.js";
import {
  type AgentMode,
  COUNTING_TOOL,
  completedTwice,
  countingScript,
  fakeModelHome,
  ledger,
  listRuns,
  promptOf,
  QUESTION,
  startCli,
  toolResults,
  waitFor,
} from "./counting-run.js";

/** Where the CLI is killed: each reached by a condition the test sees, never by a delay. */
export type KillPoint =
  /** While the server streams this step's reply (after its first chunk). */
  | { readonly stream: number }
  /** In the journal (the blocking store's BLOCK_AT): between two records, or in one's write. */
  | { readonly journal: string }
  /** While the counting tool runs this input. */
  | { readonly tool: string };

export interface KillCase {
  readonly point: KillPoint;
  readonly agent: AgentMode;
  /** The input a resumed run declines: its call started and its result was never kept. */
  readonly declines?: string;
  /** The step whose completion may have come whole but was not kept: the one prompt that may be asked twice. */
  readonly asksAgain?: number;
}

/** Where a campaign keeps its runs. */
export interface CampaignStore {
  /** `--store` for every command, given the test's folder. */
  readonly args: (directory: string) => string[];
  /** `--store` for the run that is killed (the blocking store, for journal points). */
  readonly killedArgs: (directory: string, point: KillPoint) => string[];
  /** The journal's lines as stored. */
  readonly journalLines: (directory: string, runId: string) => Promise<string[]>;
}

export const askArgs = (agent: AgentMode, storeArgs: readonly string[]) => [
  "ask",
  "--llm",
  "openai:fake",
  "--tools",
  COUNTING_TOOL,
  "--agent",
  agent,
  ...storeArgs,
  QUESTION,
];

/** The counting run without interruption: what every resumed run must print. */
export async function uninterruptedAnswer(agent: AgentMode, store: CampaignStore) {
  const fake = await startFakeOpenAi(countingScript(agent));
  try {
    const directory = tempDir();
    const result = await runCli(askArgs(agent, store.args(directory)), {
      env: environment(directory, fake.baseURL),
    });
    expect(result.stderr).not.toContain("Warning");
    expect(result.status).toBe(0);
    expect(result.stdout).toBe("Counted: counted item-1; counted item-2; counted item-3\n");
    return result.stdout;
  } finally {
    await fake.close();
  }
}

/** A campaign run's settings: the fake server, a data directory and a ledger of its own. */
export function environment(directory: string, baseURL: string) {
  return {
    OPENAI_BASE_URL: baseURL,
    LANGCHAIN_MINI_HOME: fakeModelHome(directory),
    COUNT_FILE: join(directory, "ledger"),
  };
}

/**
 * One point of the campaign: the counting run killed there with SIGKILL, seen interrupted
 * at once, resumed by a fresh process to the answer of a run never interrupted, with no
 * completed prompt asked again and no tool input run twice.
 */
export async function killAndResume(kase: KillCase, store: CampaignStore, expected: string) {
  const { point, agent } = kase;
  const directory = tempDir();
  const fake = await startFakeOpenAi(
    countingScript(agent, "stream" in point ? { slowStep: point.stream } : {}),
  );
  try {
    const env = environment(directory, fake.baseURL);
    const marker = join(directory, "blocked");
    const running = startCli(askArgs(agent, store.killedArgs(directory, point)), {
      env: {
        ...env,
        ...("journal" in point ? { BLOCK_AT: point.journal, BLOCK_MARKER: marker } : {}),
        ...("tool" in point ? { HOLD_TOOL_AT: point.tool } : {}),
      },
    });
    if ("stream" in point) {
      const streaming = (request: (typeof fake.requests)[number]) =>
        toolResults(request.body, agent).length + 1 === point.stream && request.chunksSent >= 2;
      await waitFor(
        () => fake.requests.some(streaming),
        `step ${point.stream}'s reply streaming`,
        running.ended,
      );
    } else if ("journal" in point) {
      await waitFor(
        () => existsSync(marker),
        `the journal blocked at ${point.journal}`,
        running.ended,
      );
    } else {
      const started = `start count ${point.tool}`;
      await waitFor(() => ledger(env.COUNT_FILE).includes(started), `'${started}'`, running.ended);
    }
    const killed = await running.kill();
    expect(killed.signal).toBe("SIGKILL");

    // On this machine a dead holder is noticed at once: no waiting for its lease to lapse.
    const options = { env };
    const listed = await listRuns(store.args(directory), options);
    expect(listed.runs).toEqual([
      expect.objectContaining({ status: "interrupted", question: QUESTION }),
    ]);
    const runId = listed.runs[0]?.runId ?? "";
    if ("journal" in point && point.journal.startsWith("torn:")) {
      expect(listed.stderr).toContain("left out its last record, cut short during its write");
    }

    const resumed = await runCli(["runs", "resume", runId, ...store.args(directory)], options);
    expect(resumed.stderr).toContain("Resumed: the run was taken up again here");
    expect(resumed.stderr).not.toMatch(/\n\s+at /);
    expect(resumed.status).toBe(0);
    if (kase.declines) {
      // Its call may have acted: with no one to ask, it is declined, never run again.
      expect(resumed.stderr).toContain(
        "count was running when the run was interrupted and its result was not kept: it may have acted already",
      );
      const [before, after] = expected.split(`counted ${kase.declines}`);
      expect(resumed.stdout.startsWith(before ?? "") && resumed.stdout.endsWith(after ?? "")).toBe(
        true,
      );
      expect(resumed.stdout).not.toContain(`counted ${kase.declines}`);
    } else {
      expect(resumed.stdout).toBe(expected);
    }

    // Each input ran at most once, across both processes.
    const starts = ledger(env.COUNT_FILE).filter((line) => line.startsWith("start "));
    expect(starts).toEqual([...new Set(starts)]);
    // No prompt answered in full was asked again, but the one whose completion was lost.
    const lost = fake.requests
      .filter((request) => toolResults(request.body, agent).length + 1 === kase.asksAgain)
      .map(promptOf);
    expect(completedTwice(fake.requests).filter((prompt) => !lost.includes(prompt))).toEqual([]);
    if ("stream" in point) {
      const cut = fake.requests.filter((request) => request.closedEarly);
      expect(cut).toHaveLength(1);
    }

    const shown = await runCli(["runs", "show", runId, ...store.args(directory)], options);
    expect(shown.status).toBe(0);
    expect(shown.stdout).toContain("Resumed: the run was taken up again here");
    expect(shown.stdout).toContain("Status: answered");
    const lines = await store.journalLines(directory, runId);
    for (const line of lines) expect(() => JSON.parse(line), line).not.toThrow();
    const records = lines.map((line) => JSON.parse(line) as { type: string; status?: string });
    expect(records[0]?.type).toBe("start");
    expect(records.filter((record) => record.type === "resume")).toHaveLength(1);
    expect(records.at(-1)).toMatchObject({ type: "end", status: "answered" });
    return { runId, directory, env };
  } finally {
    await fake.close();
  }
}
