import { isLangchainMiniError } from "@langchain-mini/core";
import { type RedisServer, startRedisServer } from "@langchain-mini/memory-redis/testing";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import {
  bundleCoordinationProcess,
  type ChildSettings,
  type CoordinationChild,
  startCoordinationProcess,
} from "../test-support/coordination-child.js";
import { EventLog, HANG_MS, pollUntil } from "../test-support/event-log.js";
import type { Coordination, FeedLine, RunJob } from "./coordination.js";
import { createRedisCoordination, type RedisCoordinationOptions } from "./redis-coordination.js";
import { isHandedOver } from "./stop-reasons.js";

// What only the Redis coordination does: several processes (real child processes, which a
// test can SIGKILL, beside coordinations in the test's own process) acting as one service,
// claims that expire, and a clear line when Redis is not there.

const delta = (text: string) => JSON.stringify({ type: "llm-delta", text });
const RUN_END = JSON.stringify({ type: "run-end", status: "answered" });
const ask = (runId: string): RunJob => ({
  kind: "ask",
  runId,
  chat: `chat-${runId}`,
  question: `question of ${runId}`,
});

/** A take-over under the production timings takes up to a minute: the bound is generous. */
const TAKE_OVER_CASE_MS = 4 * HANG_MS;
/** Short clocks, so that a case waiting for two take-overs or an expiry ends sooner. */
const QUICK = { lockMs: 2_000, stalledIntervalMs: 1_000, claimMs: 3_000, claimRenewMs: 300 };

let server: RedisServer;
let bundle: Awaited<ReturnType<typeof bundleCoordinationProcess>>;
let cases = 0;
const children: CoordinationChild[] = [];
const coordinations: Coordination[] = [];

beforeAll(async () => {
  server = await startRedisServer();
  bundle = await bundleCoordinationProcess();
}, HANG_MS);
afterEach(async () => {
  await Promise.all(children.splice(0).map((child) => child.kill()));
  await Promise.all(coordinations.splice(0).map((coordination) => coordination.close()));
});
afterAll(async () => {
  await server?.close();
  bundle?.remove();
});

/** A prefix of the case's own: its queue, feeds and claims start empty. */
function freshSettings(timings: ChildSettings["timings"] = {}): ChildSettings {
  return { url: `redis://127.0.0.1:${server.port}/2`, prefix: `lcm:t${++cases}:`, timings };
}

async function open(settings: ChildSettings, options: RedisCoordinationOptions = {}) {
  const coordination = await createRedisCoordination(settings.url, {
    prefix: settings.prefix,
    timings: settings.timings ?? {},
    ...options,
  });
  coordinations.push(coordination);
  return coordination;
}

async function child(settings: ChildSettings) {
  const started = await startCoordinationProcess(bundle.script, settings);
  children.push(started);
  return started;
}

type Taken = { readonly job: RunJob; readonly signal: AbortSignal } | { readonly error: string };

/**
 * Works the queue here, recording the jobs this process takes, and the failures its
 * coordination reports (`failures`, to pass as its onError): a case waiting for a job
 * learns at once that it failed instead.
 */
function workHere(coordination: Coordination, taken = new EventLog<Taken>()) {
  coordination.queue.work(async (job, signal) => {
    taken.push({ job, signal });
    await new Promise<void>((resolve) => signal.addEventListener("abort", () => resolve()));
  }, 1);
  return taken;
}

function failures(log: EventLog<Taken>): RedisCoordinationOptions {
  return { onError: (error) => log.push({ error: error.message }) };
}

const jobOf = (taken: Taken) => ("job" in taken ? taken.job : taken);

const tookRun = (runId: string) => (report: Record<string, unknown>) =>
  (report.took as RunJob | undefined)?.runId === runId;

describe("runs across processes", () => {
  it(
    "a run whose process was SIGKILLed is taken up by another, with its job, under the production clocks",
    async () => {
      const settings = freshSettings();
      const seen = new EventLog<Taken>();
      const here = await open(settings, failures(seen));
      const first = await child(settings);
      first.send({ work: 1 });
      await here.queue.submit(ask("run-1"));
      await first.reports.waitFor(tookRun("run-1"), "the child to take run-1");
      await first.kill();
      // Only now does this process work: the run can only come back through the stalled check.
      const again = await workHere(here, seen).waitFor(
        () => true,
        "run-1 taken over",
        TAKE_OVER_CASE_MS,
      );
      expect(jobOf(again)).toEqual(ask("run-1"));
      expect("signal" in again && again.signal.aborted).toBe(false);
    },
    TAKE_OVER_CASE_MS + HANG_MS,
  );

  it(
    "a run taken over twice still runs",
    async () => {
      const settings = freshSettings(QUICK);
      const seen = new EventLog<Taken>();
      const here = await open(settings, failures(seen));
      await here.queue.submit(ask("run-1"));
      for (const round of [1, 2]) {
        const doomed = await child(settings);
        doomed.send({ work: 1 });
        await doomed.reports.waitFor(tookRun("run-1"), `child ${round} to take run-1`);
        await doomed.kill();
      }
      const again = await workHere(here, seen).waitFor(
        () => true,
        "run-1 taken over twice",
        TAKE_OVER_CASE_MS,
      );
      expect(jobOf(again)).toEqual(ask("run-1"));
    },
    TAKE_OVER_CASE_MS + HANG_MS,
  );

  it("a cancel sent from one process ends the run's handler in the process running it", async () => {
    const settings = freshSettings();
    const here = await open(settings);
    const there = await child(settings);
    there.send({ work: 2 });
    await here.queue.submit(ask("run-1"));
    await here.queue.submit(ask("run-2"));
    await there.reports.waitFor(tookRun("run-1"), "the child to take run-1");
    await there.reports.waitFor(tookRun("run-2"), "the child to take run-2");
    await here.queue.cancel("run-2");
    const stopped = await there.reports.waitFor((report) => "stopped" in report, "a run stopped");
    expect(stopped).toEqual({ stopped: "run-2", handedOver: false });
    // run-1 goes on: the child hands it back, not cancelled, only when told to close.
    there.send({ close: true });
    await there.reports.waitFor((report) => "closed" in report, "the child to close");
    expect(there.reports.entries.filter((report) => "stopped" in report)).toEqual([
      { stopped: "run-2", handedOver: false },
      { stopped: "run-1", handedOver: true },
    ]);
  });

  it("a run queued when it was cancelled starts in another process already signalled", async () => {
    const settings = freshSettings();
    const here = await open(settings);
    await here.queue.submit(ask("run-1"));
    await here.queue.cancel("run-1");
    const there = await child(settings);
    there.send({ work: 1 });
    await there.reports.waitFor(tookRun("run-1"), "the child to take run-1");
    expect(await there.reports.waitFor((report) => "stopped" in report, "run-1 to stop")).toEqual({
      stopped: "run-1",
      handedOver: false,
    });
  });

  it("a reader in one process follows the feed another process writes", async () => {
    const settings = freshSettings();
    const here = await open(settings);
    const writer = await child(settings);
    const reader = here.feed.read("run-1", 0, new AbortController().signal)[Symbol.asyncIterator]();
    const first = reader.next();
    writer.send({ append: "run-1", lines: [delta("a")] });
    expect((await first).value).toEqual({ seq: 0, line: delta("a") });
    const rest: FeedLine[] = [];
    const reading = (async () => {
      for (let next = await reader.next(); !next.done; next = await reader.next()) {
        rest.push(next.value);
      }
    })();
    writer.send({ append: "run-1", lines: [delta("b")] });
    writer.send({ append: "run-1", lines: [delta("c"), RUN_END] });
    await reading;
    expect(rest).toEqual([
      { seq: 1, line: delta("b") },
      { seq: 2, line: delta("c") },
      { seq: 3, line: RUN_END },
    ]);
  });

  it("close hands a running run back to the queue, for another process", async () => {
    const settings = freshSettings();
    const stopping = await open(settings);
    const taken = workHere(stopping);
    await stopping.queue.submit(ask("run-1"));
    const first = await taken.waitFor(() => true, "run-1 taken");
    await stopping.queue.close();
    expect("signal" in first && isHandedOver(first.signal)).toBe(true);
    const other = await child(settings);
    other.send({ work: 1 });
    const again = await other.reports.waitFor(tookRun("run-1"), "another process to take run-1");
    expect(again.took).toEqual(ask("run-1"));
  });

  it("a process that lost its run cannot append to its feed behind the new one's back", async () => {
    const settings = freshSettings();
    const before = await open(settings);
    const after = await open(settings);
    await before.feed.append("run-1", [delta("a"), delta("b")]);
    // The run moved: the new process appends after what is there.
    await after.feed.append("run-1", [delta("c")]);
    const refused = before.feed.append("run-1", [delta("stale")]);
    await expect(refused).rejects.toMatchObject({ code: "run_busy" });
    const lines = [];
    for await (const line of after.feed.read("run-1", 0, AbortSignal.timeout(HANG_MS))) {
      lines.push(line.line);
      if (lines.length === 3) break;
    }
    expect(lines).toEqual([delta("a"), delta("b"), delta("c")]);
    expect(await after.feed.length("run-1")).toBe(3);
  });
});

describe("run feeds on Redis", () => {
  it("a finished run's stream expires after a while; a running one's stays", async () => {
    const here = await open(freshSettings({ finishedFeedMs: 200 }));
    await here.feed.append("running", [delta("a")]);
    await here.feed.append("finished", [delta("a"), RUN_END]);
    await pollUntil(async () => (await here.feed.length("finished")) === 0, "the stream to expire");
    expect(await here.feed.length("running")).toBe(1);
  });
});

describe("chat claims on Redis", () => {
  it("a claim nobody renews frees its chat; one renewed, or whose run is carried out, stays", async () => {
    const settings = freshSettings(QUICK);
    const here = await open(settings);
    // The queue renews the claim of the run it carries out.
    const taken = workHere(here);
    await here.queue.submit({ ...ask("run-2"), chat: "carried-out" });
    await taken.waitFor(() => true, "run-2 taken");
    await here.chats.claim("abandoned", { runId: "run-0", from: 0 });
    await here.chats.claim("renewed", { runId: "run-1", from: 0 });
    await here.chats.claim("carried-out", { runId: "run-2", from: 0 });
    const renewing = setInterval(() => void here.chats.renew("renewed", "run-1"), 100);
    try {
      await pollUntil(
        async () => (await here.chats.running("abandoned")) === undefined,
        "the abandoned claim to expire",
      );
      expect(await here.chats.running("renewed")).toEqual({ runId: "run-1", from: 0 });
      expect(await here.chats.running("carried-out")).toEqual({ runId: "run-2", from: 0 });
      expect(await here.chats.claim("abandoned", { runId: "run-3", from: 0 })).toBe(true);
    } finally {
      clearInterval(renewing);
    }
  });
});

describe("connecting", () => {
  it("outlives a Redis restart: feeds, claims and the queue work again once it is back", async () => {
    const restarting = await startRedisServer();
    try {
      const seen = new EventLog<Taken>();
      const coordination = await createRedisCoordination(restarting.url, failures(seen));
      coordinations.push(coordination);
      const taken = workHere(coordination, seen);
      await restarting.stop();
      await restarting.start();
      // A command sent as the connections notice the restart may fail; then all works again.
      await pollUntil(
        () =>
          coordination.feed.length("run-1").then(
            () => true,
            () => false,
          ),
        "the coordination to reconnect",
      );
      // The server came back empty (nothing is saved in tests): all starts again.
      await coordination.feed.append("run-1", [delta("after"), RUN_END]);
      const lines: string[] = [];
      for await (const line of coordination.feed.read("run-1", 0, AbortSignal.timeout(HANG_MS))) {
        lines.push(line.line);
      }
      expect(lines).toEqual([delta("after"), RUN_END]);
      expect(await coordination.chats.claim("chat", { runId: "run-1", from: 0 })).toBe(true);
      await coordination.queue.submit(ask("run-2"));
      const again = await taken.waitFor((entry) => "job" in entry, "run-2 taken after the restart");
      expect(jobOf(again)).toEqual(ask("run-2"));
      // The outage was said, once, without a stack.
      const said = seen.entries.filter((entry) => "error" in entry);
      expect(said.length).toBeGreaterThan(0);
    } finally {
      await Promise.all(coordinations.splice(0).map((coordination) => coordination.close()));
      await restarting.close();
    }
  });

  it("says in one line that Redis does not answer, without the URL's password", async () => {
    const closed = await startRedisServer();
    const url = `redis://:hunter2@127.0.0.1:${closed.port}/0`;
    await closed.close();
    const failure = await createRedisCoordination(url).catch((error: unknown) => error);
    expect(isLangchainMiniError(failure) && failure.code).toBe("store_unavailable");
    const message = (failure as Error).message;
    expect(message).toContain(`redis://127.0.0.1:${closed.port}/0`);
    expect(message).not.toContain("hunter2");
    expect(message).not.toMatch(/\n/);
  });

  it("refuses a wrong password or a URL that is not Redis's, without repeating the secret", async () => {
    const guarded = await startRedisServer({ password: "right-one" });
    try {
      const wrong = `redis://:wrong-one@127.0.0.1:${guarded.port}/0`;
      const failure = await createRedisCoordination(wrong).catch((error: unknown) => error);
      expect((failure as Error).message).not.toContain("wrong-one");
      expect(isLangchainMiniError(failure) && failure.code).toBe("store_unavailable");
      const coordination = await createRedisCoordination(guarded.url);
      expect(await coordination.feed.length("nothing")).toBe(0);
      await coordination.close();
    } finally {
      await guarded.close();
    }
    for (const bad of ["http://:s3cret@host/0", "redis://:s3cret@host/db", "not a url s3cret"]) {
      const failure = await createRedisCoordination(bad).catch((error: unknown) => error);
      expect(isLangchainMiniError(failure) && failure.code).toBe("config_invalid");
      expect((failure as Error).message).not.toContain("s3cret");
    }
  });
});
