import { join } from "node:path";
import { type FakeScript, startFakeOpenAi } from "@langchain-mini/llm-openai/testing";
import { type RedisServer, startRedisServer } from "@langchain-mini/memory-redis/testing";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { tempDir } from "../test-support/cli.js";
import {
  COUNTING_TOOL,
  completedTwice,
  ledger,
  toolResults,
  waitFor,
} from "../test-support/counting-run.js";
import { ndjsonLines, type ServeProcess, startServe } from "../test-support/serve-process.js";

// SIGTERM: serve stops taking requests, hands the runs going over at their next boundary
// (left interrupted in the journal, not ended) and exits; another process, or the same
// one started again, continues them.

let redis: RedisServer;
let fake: Awaited<ReturnType<typeof startFakeOpenAi>> | undefined;
const servers: ServeProcess[] = [];
beforeAll(async () => {
  redis = await startRedisServer();
});
afterAll(async () => {
  await redis?.stop();
});
afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => server.stop("SIGKILL")));
  await fake?.close();
  fake = undefined;
});

/** Counts, then answers; the first answering call hangs until the process stops. */
function heldScript() {
  const state = { held: false };
  const script: FakeScript = (request) => {
    const results = toolResults(request.body, "react");
    if (results.length === 0) {
      return { text: " I will count it.\nAction: count\nAction Input: report" };
    }
    if (!state.held) {
      state.held = true;
      return { text: " Final Answer: never", chunkSize: 1, chunkDelayMs: 600_000 };
    }
    return { text: ` I now know the final answer\nFinal Answer: Done: ${results.join("; ")}` };
  };
  return { script, state };
}

function project(baseURL: string, store: string[]) {
  const directory = tempDir();
  const env = {
    OPENAI_BASE_URL: baseURL,
    LANGCHAIN_MINI_HOME: join(directory, "home"),
    COUNT_FILE: join(directory, "ledger"),
  };
  return {
    ledger: () => ledger(env.COUNT_FILE),
    async serve() {
      const server = await startServe(
        ["--llm", "openai:fake", "--tools", COUNTING_TOOL, ...store],
        {
          env,
          cwd: directory,
        },
      );
      servers.push(server);
      return server;
    },
  };
}

const ask = (url: string, question: string, session: string) =>
  fetch(`${url}/api/runs`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ question, session }),
  });

describe("serve stopped by SIGTERM", { timeout: 300_000 }, () => {
  it("on the file store: exits 143 and, started again, continues the run it handed over", async () => {
    const { script, state } = heldScript();
    fake = await startFakeOpenAi(script);
    const here = project(fake.baseURL, []);
    const first = await here.serve();
    const response = await ask(first.url, "Count it", "chat-1");
    const runId = response.headers.get("x-run-id") ?? "";
    await waitFor(() => state.held && fake?.requests.length === 2, "the held call");
    const stopped = await first.stop("SIGTERM");
    expect(stopped.status).toBe(143);
    expect(stopped.stderr).not.toMatch(/\n\s+at /);
    const before = await ndjsonLines(response).catch(() => []);
    expect(before.filter((event) => event.type === "run-end")).toEqual([]);

    const again = await here.serve();
    const rest = await ndjsonLines(await fetch(`${again.url}/api/runs/${runId}/events`));
    expect(rest.at(-1)).toMatchObject({
      type: "run-end",
      result: { status: "answered", answer: "Done: counted report" },
    });
    expect(completedTwice(fake.requests)).toEqual([]);
    expect(here.ledger()).toEqual(["start count report", "end count report"]);
  });

  it("on Redis: another process continues the run at once", async () => {
    const { script, state } = heldScript();
    fake = await startFakeOpenAi(script);
    const here = project(fake.baseURL, ["--store", `redis://127.0.0.1:${redis.port}/1`]);
    const a = await here.serve();
    const response = await ask(a.url, "Count it", "chat-2");
    const runId = response.headers.get("x-run-id") ?? "";
    await waitFor(() => state.held && fake?.requests.length === 2, "the held call");
    const b = await here.serve();
    const stopped = await a.stop("SIGTERM");
    expect(stopped.status).toBe(143);
    const seen = await ndjsonLines(response).catch(() => []);
    const rest = await ndjsonLines(
      await fetch(`${b.url}/api/runs/${runId}/events?after=${seen.length}`),
    );
    expect([...seen, ...rest].filter((event) => event.type === "run-end")).toEqual([
      expect.objectContaining({
        result: expect.objectContaining({ answer: "Done: counted report" }),
      }),
    ]);
    expect(completedTwice(fake.requests)).toEqual([]);
  });
});
