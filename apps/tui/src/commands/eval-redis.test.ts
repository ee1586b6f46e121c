import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { startFakeOpenAi } from "@langchain-mini/llm-openai/testing";
import { type RedisServer, startRedisServer } from "@langchain-mini/memory-redis/testing";
import { Queue } from "bullmq";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { bullmqConnection } from "../serve/bullmq-connection.js";
import { connectRedis, disconnectRedis, redisPlace } from "../serve/redis-clients.js";
import { EVAL_QUEUE_NAME } from "../serve/redis-keys.js";
import { runCli, tempDir } from "../test-support/cli.js";
import { startCli, waitFor } from "../test-support/counting-run.js";
import { startGatedProxy, suiteReply } from "../test-support/eval-models.js";
import { type ServeProcess, startServe } from "../test-support/serve-process.js";

// `eval --store redis://…` on a real redis-server: the case runs go through the queue,
// worked by the eval itself and by a serve process beside it, each with its own
// environment (its own model server); the results are those of the eval in one process.

const MODEL = "openai:gpt-4.1-mini";
const QUESTIONS = [
  { question: "What is the square root of 25?", number: 5, usesTool: "calculator" },
  { question: "What is the capital of France?", includes: "Paris" },
  { question: "How many five year periods are in 2023?", includes: "404" },
];
/** Twelve cases: each question four times. */
const SUITE = Array.from({ length: 12 }, (_, index) => ({
  id: `case-${index + 1}`,
  ...QUESTIONS[index % QUESTIONS.length],
}));

let redis: RedisServer;
let database = 0;
const closers: (() => Promise<unknown>)[] = [];

beforeAll(async () => {
  redis = await startRedisServer();
});
afterAll(async () => {
  await redis?.stop();
});
afterEach(async () => {
  for (const close of closers.splice(0).reverse()) await close();
});

async function fakeModel(onRequest: () => void = () => {}, hang = false) {
  const fake = await startFakeOpenAi(({ body }) => {
    onRequest();
    return hang ? { hang: true } : { text: suiteReply(body, true) };
  });
  closers.push(() => fake.close());
  return fake;
}

const envFor = (baseURL: string) => ({
  LANGCHAIN_MINI_HOME: join(tempDir(), "home"),
  OPENAI_API_KEY: "sk-eval-redis-test-0123456789",
  OPENAI_BASE_URL: baseURL,
});

async function serveBeside(store: string, baseURL: string): Promise<ServeProcess> {
  const server = await startServe(["--llm", MODEL, "--store", store], { env: envFor(baseURL) });
  closers.push(() => server.stop("SIGKILL"));
  return server;
}

function writeSuite(directory: string) {
  const file = join(directory, "suite.jsonl");
  writeFileSync(file, `${SUITE.map((line) => JSON.stringify(line)).join("\n")}\n`);
  return file;
}

const evalArgs = (suite: string, json: string, extra: readonly string[] = []) => [
  "eval",
  ...["--llm", MODEL, "--tools", "calculator", "--concurrency", "4", "--json", json],
  ...extra,
  suite,
];

/** The results as they compare across runs: without ids, durations and dates. */
function comparable(file: string) {
  const report = JSON.parse(readFileSync(file, "utf8")) as {
    models: Record<string, unknown>[];
    results: Record<string, unknown>[];
  };
  const { latencyP50Ms, latencyP95Ms, ...summary } = report.models[0] ?? {};
  return {
    models: [summary],
    results: report.results.map(({ runId, durationMs, ...rest }) => rest),
  };
}

/** What the eval queue holds that is not finished: jobs waiting, delayed or running. */
async function unfinishedJobs(store: string) {
  const client = await connectRedis(redisPlace(store), "eval-redis-test", () => {});
  const queue = new Queue(EVAL_QUEUE_NAME, {
    connection: bullmqConnection(client),
    prefix: "lcm:serve",
  });
  try {
    const counts = await queue.getJobCounts("waiting", "active", "delayed", "prioritized");
    return Object.values(counts).reduce((sum, count) => sum + count, 0);
  } finally {
    await queue.close();
    await disconnectRedis(client);
  }
}

/** Polls `read` until it gives `wanted` (or a bound meant only for hangs): its last value. */
async function settledTo<T>(read: () => Promise<T>, wanted: T): Promise<T> {
  const bound = Date.now() + 120_000;
  let value = await read();
  while (value !== wanted && Date.now() < bound) {
    await new Promise((resolve) => setTimeout(resolve, 50));
    value = await read();
  }
  return value;
}

describe("eval --store redis://: case runs fanned out over the queue", { timeout: 300_000 }, () => {
  it("runs the cases in the eval and in a serve process beside it, with the results of an eval in one process", async () => {
    const directory = tempDir();
    const suite = writeSuite(directory);
    const store = `redis://127.0.0.1:${redis.port}/${++database}`;

    // The same eval in one process first: the results to compare with.
    const local = await fakeModel();
    const alone = join(directory, "alone.json");
    const inProcess = await runCli(evalArgs(suite, alone), { env: envFor(local.baseURL) });
    expect(inProcess.status, inProcess.stderr).toBe(0);

    // The serve process answers through its own model server. The eval's first model
    // call is held until that server has a request: the eval can only finish if the
    // serve process really took part of the work.
    let served = () => {};
    const servedOne = new Promise<void>((resolve) => {
      served = resolve;
    });
    const theirs = await fakeModel(() => served());
    await serveBeside(store, theirs.baseURL);
    const ours = await fakeModel();
    const gated = await startGatedProxy(ours.baseURL, servedOne);
    closers.push(() => gated.close());

    const fanned = join(directory, "fanned.json");
    const result = await runCli(evalArgs(suite, fanned, ["--store", store]), {
      env: envFor(gated.url),
    });
    expect(result.stderr).not.toMatch(/\n\s+at /);
    expect(result.status, result.stderr).toBe(0);
    expect(ours.requests.length).toBeGreaterThan(0);
    expect(theirs.requests.length).toBeGreaterThan(0);
    expect(comparable(fanned)).toEqual(comparable(alone));
    // Every case run, once: as many model calls in all as in one process.
    expect(ours.requests.length + theirs.requests.length).toBe(local.requests.length);
    expect(result.stdout).toContain(MODEL);
  });

  it("takes its jobs back from the queue when stopped with SIGINT, wherever they run", async () => {
    const directory = tempDir();
    const suite = writeSuite(directory);
    const store = `redis://127.0.0.1:${redis.port}/${++database}`;
    // Every model call hangs: case runs stay under way until they are stopped.
    const theirs = await fakeModel(undefined, true);
    await serveBeside(store, theirs.baseURL);
    const ours = await fakeModel(undefined, true);
    const running = startCli(evalArgs(suite, join(directory, "results.json"), ["--store", store]), {
      env: envFor(ours.baseURL),
    });
    closers.push(() => running.kill());
    // Four case runs at once (--concurrency 4), each waiting on its first model call.
    await waitFor(
      () => ours.requests.length + theirs.requests.length === 4,
      "four case runs under way",
      running.ended,
    );
    expect(await unfinishedJobs(store)).toBe(4);

    running.signal("SIGINT");
    const ended = await running.done;
    expect(ended.status, ended.stderr).toBe(130);
    expect(ended.stderr).not.toMatch(/\n\s+at /);
    // Nothing of the eval is left waiting or running, here or in the serve process.
    expect(await settledTo(() => unfinishedJobs(store), 0)).toBe(0);
    // The serve process's hanging calls were given up too.
    await waitFor(
      () => theirs.requests.every((request) => request.closedEarly),
      "serve's case runs stopped",
    );
  });

  it("refuses --record and --replay with a Redis store: one line, exit 2, nothing run", async () => {
    const directory = tempDir();
    const suite = writeSuite(directory);
    const store = `redis://127.0.0.1:${redis.port}/${++database}`;
    const fake = await fakeModel();
    for (const flag of ["--record", "--replay"]) {
      const result = await runCli(
        evalArgs(suite, join(directory, "results.json"), ["--store", store, flag, directory]),
        { env: envFor(fake.baseURL) },
      );
      expect(result.status, result.stderr).toBe(2);
      expect(result.stderr.trim().split("\n")).toHaveLength(1);
      expect(result.stderr).toContain(`${flag} runs in one process`);
    }
    expect(fake.requests).toHaveLength(0);
  });
});
