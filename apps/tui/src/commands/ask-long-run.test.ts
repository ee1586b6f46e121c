import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { type RecordedRequest, startFakeOpenAi } from "@langchain-mini/llm-openai/testing";
import { describe, expect, it } from "vitest";
import { runCli, tempDir } from "../test-support/cli.js";
import { CASE_TIMEOUT_MS, startCli, waitFor } from "../test-support/counting-run.js";
import {
  type AgentMode,
  extendsPrevious,
  isSummaryCall,
  PAGES_TOOL,
  pageCode,
  pagesScript,
  WINDOW,
} from "../test-support/long-run.js";

const PAGES = 32;
// Mostly 50 KB, and once 1 MB and once 5 MB: none fits the window, each is cut.
const SIZES = [50_000, 80_000, 60_000, 1_000_000, 50_000, 120_000, 5_000_000, 50_000].join(",");
const QUESTION = "What is the code on the last page of the report?";
/** What the prompt may take: the window less the reply's room (the default 4,096 tokens). */
const PROMPT_ROOM = WINDOW - 4_096;

type Line = { type: string; [key: string]: unknown };

function ask(
  agent: AgentMode,
  directory: string,
  baseURL: string,
  extra: Record<string, string> = {},
) {
  const args = [
    ...["ask", "--llm", "openai:fake", "--tools", PAGES_TOOL, "--agent", agent],
    ...["--max-steps", "40", "--store", join(directory, "sessions")],
    ...["--trace", join(directory, "run.jsonl"), QUESTION],
  ];
  const env = {
    OPENAI_BASE_URL: baseURL,
    OPENAI_API_KEY: "sk-fake",
    LANGCHAIN_MINI_HOME: join(directory, "home"),
    PAGE_SIZES: SIZES,
    ...extra,
  };
  return { args, env };
}

const traceOf = (directory: string) =>
  readFileSync(join(directory, "run.jsonl"), "utf8")
    .trim()
    .split("\n")
    .map((line) => JSON.parse(line) as Line);

/** The agent's own requests (not a compaction's summary calls). */
const agentRequests = (requests: readonly RecordedRequest[]) =>
  requests.filter((request) => !isSummaryCall(request));

describe.each<AgentMode>(["react", "tools"])("a 32-step %s run of 50 KB to 5 MB pages", (agent) => {
  it(
    "stays inside the window the server keeps, appends between rare compactions, and answers from the last page",
    async () => {
      const fake = await startFakeOpenAi(pagesScript(agent, PAGES), { contextWindow: WINDOW });
      try {
        const directory = tempDir();
        const { args, env } = ask(agent, directory, fake.baseURL);
        const result = await runCli(args, { env });
        expect(result.stderr).not.toMatch(/\n\s+at /);
        expect(result.status, result.stderr).toBe(0);
        // The answer is in the end of the last page's result: read through its cut line.
        expect(result.stdout).toBe(`${pageCode(PAGES)}\n`);

        // No request was refused; each fit with its reply's room, by OpenAI's tokenizer.
        expect(fake.refused).toEqual([]);
        for (const request of fake.requests) {
          expect((request.promptTokens ?? 0) + Number(request.body.max_tokens)).toBeLessThanOrEqual(
            WINDOW,
          );
        }
        const requests = agentRequests(fake.requests);
        expect(requests).toHaveLength(PAGES + 1);

        // The server's log: each prompt extends the one before, but right after a compaction.
        const compactions = traceOf(directory).filter((line) => line.type === "compaction");
        expect(compactions.length).toBeGreaterThan(0);
        expect(compactions.length).toBeLessThanOrEqual(PAGES / 4);
        const rewritten = requests.flatMap((request, index) => {
          const previous = requests[index - 1];
          return previous && !extendsPrevious(previous, request) ? [{ previous, request }] : [];
        });
        expect(rewritten).toHaveLength(compactions.length);
        for (const { previous, request } of rewritten) {
          // Only when needed: the prompt before it had filled most of its room, and the
          // compaction made room for several steps at once.
          expect(previous.promptTokens ?? 0).toBeGreaterThan(PROMPT_ROOM * 0.7);
          expect(request.promptTokens ?? 0).toBeLessThan(PROMPT_ROOM * 0.6);
        }
        for (const compaction of compactions) {
          expect(compaction).toMatchObject({ reason: "window", window: WINDOW });
        }
        // The trace keeps every page whole; the prompts showed their beginning and end.
        const observations = traceOf(directory).filter((line) => line.type === "observation");
        expect(observations.map((line) => String(line.text).length)).toContain(5_000_000 + 30);
      } finally {
        await fake.close();
      }
    },
    CASE_TIMEOUT_MS,
  );

  it(
    "told a window larger than the server keeps, compacts when refused and still answers",
    async () => {
      const fake = await startFakeOpenAi(pagesScript(agent, PAGES), { contextWindow: WINDOW });
      try {
        const directory = tempDir();
        const { args, env } = ask(agent, directory, fake.baseURL);
        const [command = "ask", ...rest] = args;
        const result = await runCli([command, "--context-window", "40000", ...rest], { env });
        expect(result.stderr).not.toMatch(/\n\s+at /);
        expect(result.status, result.stderr).toBe(0);
        expect(result.stdout).toBe(`${pageCode(PAGES)}\n`);

        // The server refused prompts the run believed would fit; each refusal was
        // answered with a compaction and the same call made again, which fit.
        expect(fake.refused.length).toBeGreaterThan(0);
        const compactions = traceOf(directory).filter((line) => line.type === "compaction");
        const onRefusal = compactions.filter((line) => line.reason === "provider");
        expect(onRefusal).toHaveLength(fake.refused.length);
        for (const request of fake.requests) {
          expect((request.promptTokens ?? 0) + Number(request.body.max_tokens)).toBeLessThanOrEqual(
            WINDOW,
          );
        }
        expect(agentRequests(fake.requests)).toHaveLength(PAGES + 1);
      } finally {
        await fake.close();
      }
    },
    CASE_TIMEOUT_MS,
  );

  it(
    "killed after a compaction and taken up again, makes the requests of a run never killed",
    async () => {
      const whole = await startFakeOpenAi(pagesScript(agent, PAGES), { contextWindow: WINDOW });
      const fake = await startFakeOpenAi(pagesScript(agent, PAGES), { contextWindow: WINDOW });
      try {
        const wholeRun = ask(agent, tempDir(), whole.baseURL);
        expect((await runCli(wholeRun.args, { env: wholeRun.env })).status).toBe(0);

        const directory = tempDir();
        const marker = join(directory, "held");
        const hold = 14;
        const { args, env } = ask(agent, directory, fake.baseURL, {
          HOLD_PAGE_AT: String(hold),
          HOLD_MARKER: marker,
        });
        const running = startCli(args, { env });
        await waitFor(() => existsSync(marker), `page ${hold} being fetched`, running.ended);
        expect((await running.kill()).signal).toBe("SIGKILL");
        const before = fake.requests.length;
        // The run had compacted before it was killed.
        expect(traceOf(directory).some((line) => line.type === "compaction")).toBe(true);

        const runs = await runCli(
          ["runs", "list", "--json", "--store", join(directory, "sessions")],
          {
            env,
          },
        );
        const runId = (JSON.parse(runs.stdout.split("\n")[0] ?? "{}") as { runId: string }).runId;
        const resumed = await runCli(
          ["runs", "resume", runId, "--store", join(directory, "sessions")],
          { env: { ...env, HOLD_PAGE_AT: "" } },
        );
        expect(resumed.status, resumed.stderr).toBe(0);
        expect(resumed.stdout).toBe(`${pageCode(PAGES)}\n`);
        expect(resumed.stderr).toContain("Resumed: the run was taken up again here");
        // Both processes together asked exactly what the uninterrupted run asked, in order.
        const bodies = (requests: readonly RecordedRequest[]) =>
          requests.map((request) => JSON.stringify(request.body.messages));
        expect(bodies(fake.requests)).toEqual(bodies(whole.requests));
        expect(before).toBeLessThan(fake.requests.length);
      } finally {
        await whole.close();
        await fake.close();
      }
    },
    CASE_TIMEOUT_MS,
  );
});
