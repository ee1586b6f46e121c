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

// Several serve processes on one real redis-server act as one service: runs go through
// the queue, a run whose process is killed is taken over from its journal, and a client
// may read a run, or decide on it, through any process.

let redis: RedisServer;
let database = 0;
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

/** A folder and a Redis database of its own; `serve()` starts one more process on them. */
function service(baseURL: string) {
  const directory = tempDir();
  const store = `redis://127.0.0.1:${redis.port}/${++database}`;
  const env = {
    OPENAI_BASE_URL: baseURL,
    LANGCHAIN_MINI_HOME: join(directory, "home"),
    COUNT_FILE: join(directory, "ledger"),
  };
  return {
    ledger: () => ledger(env.COUNT_FILE),
    async serve() {
      const server = await startServe(
        ["--llm", "openai:fake", "--tools", COUNTING_TOOL, "--store", store],
        { env, cwd: directory },
      );
      servers.push(server);
      return server;
    },
  };
}

/** Reads an NDJSON stream line by line as it comes; `lines` holds what has arrived. */
function reader(response: Response) {
  const lines: Record<string, unknown>[] = [];
  const done = (async () => {
    const decoder = new TextDecoder();
    let buffered = "";
    try {
      for await (const chunk of response.body as AsyncIterable<Uint8Array>) {
        buffered += decoder.decode(chunk, { stream: true });
        const parts = buffered.split("\n");
        buffered = parts.pop() ?? "";
        for (const part of parts) if (part) lines.push(JSON.parse(part));
      }
    } catch {
      // The process serving it was killed: the client reconnects elsewhere.
    }
  })();
  return { lines, done };
}

const post = (url: string, body: unknown) =>
  fetch(url, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(body),
  });

describe("serve on Redis: processes that act as one service", { timeout: 300_000 }, () => {
  it("finishes through another process a run whose process was killed, no completed call made twice, the reconnected client getting every event once", async () => {
    // The second step's first call never finishes: the process is killed during it.
    let held = false;
    const script: FakeScript = (request) => {
      const results = toolResults(request.body, "react");
      if (results.length === 0)
        return { text: " I will count it.\nAction: count\nAction Input: report" };
      if (!held) {
        held = true;
        return { text: " Final Answer: never", chunkSize: 1, chunkDelayMs: 600_000 };
      }
      return { text: ` I now know the final answer\nFinal Answer: Done: ${results.join("; ")}` };
    };
    fake = await startFakeOpenAi(script);
    const here = service(fake.baseURL);
    const a = await here.serve();
    const response = await post(`${a.url}/api/runs`, { question: "Count it", session: "chat-1" });
    const runId = response.headers.get("x-run-id") ?? "";
    const first = reader(response);
    await waitFor(() => held && fake?.requests.length === 2, "the held second call");
    // B and C join; A dies in the middle of the run.
    const [b, c] = [await here.serve(), await here.serve()];
    await a.stop("SIGKILL");
    await first.done;
    expect(first.lines.length).toBeGreaterThan(0);
    expect(first.lines.at(-1)?.type).not.toBe("run-end");

    // The client reconnects to B after the last line it had: the rest, each once.
    const rest = await ndjsonLines(
      await fetch(`${b.url}/api/runs/${runId}/events?after=${first.lines.length}`),
    );
    const all = [...first.lines, ...rest];
    expect(all.at(-1)).toMatchObject({
      type: "run-end",
      result: { status: "answered", answer: "Done: counted report" },
    });
    expect(all.filter((event) => event.type === "run-end")).toHaveLength(1);
    expect(all.filter((event) => event.type === "tool-end")).toHaveLength(1);
    expect(all.filter((event) => event.type === "resumed")).toHaveLength(1);
    const finals = all.filter((event) => event.type === "final-answer");
    expect(finals).toHaveLength(1);
    expect(completedTwice(fake.requests)).toEqual([]);
    expect(here.ledger()).toEqual(["start count report", "end count report"]);
    // Read in full from C: the same lines.
    expect(await ndjsonLines(await fetch(`${c.url}/api/runs/${runId}/events`))).toEqual(all);
  });

  it("takes up through B a call that paused on A", async () => {
    const script: FakeScript = (request) => {
      const results = toolResults(request.body, "react");
      if (results.length === 0)
        return { text: " I will publish it.\nAction: publish\nAction Input: report" };
      return { text: ` I now know the final answer\nFinal Answer: Done: ${results.join("; ")}` };
    };
    fake = await startFakeOpenAi(script);
    const here = service(fake.baseURL);
    const a = await here.serve();
    const paused = await post(`${a.url}/api/runs`, { question: "Publish it", session: "chat-2" });
    const runId = paused.headers.get("x-run-id") ?? "";
    expect((await ndjsonLines(paused)).at(-1)).toMatchObject({ result: { status: "paused" } });

    const b = await here.serve();
    const approved = await ndjsonLines(await post(`${b.url}/api/runs/${runId}/approve`, {}));
    expect(approved.at(-1)).toMatchObject({
      type: "run-end",
      result: { status: "answered", answer: "Done: published report" },
    });
    expect(here.ledger()).toEqual(["start publish report", "end publish report"]);
    expect(completedTwice(fake.requests)).toEqual([]);
    const history = (await (await fetch(`${a.url}/api/sessions/chat-2`)).json()) as {
      turns: unknown;
    };
    expect(history.turns).toEqual([{ question: "Publish it", answer: "Done: published report" }]);
  });
});
