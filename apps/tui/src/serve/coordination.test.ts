import { getEventListeners } from "node:events";
import { type RedisServer, startRedisServer } from "@langchain-mini/memory-redis/testing";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { EventLog } from "../test-support/event-log.js";
import type { Coordination, FeedLine, RunJob } from "./coordination.js";
import { createLocalCoordination } from "./local-coordination.js";
import { createRedisCoordination } from "./redis-coordination.js";
import { isHandedOver } from "./stop-reasons.js";

// The contract every coordination keeps, in one process (memory) and on Redis: the same
// cases, one describe each. What only Redis does (other processes, expiry) is in
// redis-coordination.test.ts.

const delta = (text: string) => JSON.stringify({ type: "llm-delta", text });
const RUN_END = JSON.stringify({ type: "run-end", status: "answered" });
const ask = (runId: string, chat = `chat-${runId}`): RunJob => ({
  kind: "ask",
  runId,
  chat,
  question: `question of ${runId}`,
});

async function readAll(lines: AsyncIterable<FeedLine>): Promise<FeedLine[]> {
  const read: FeedLine[] = [];
  for await (const line of lines) read.push(line);
  return read;
}

type Seen =
  | { readonly type: "started"; readonly job: RunJob; readonly abortedAtStart: boolean }
  | { readonly type: "aborted"; readonly runId: string; readonly handedOver: boolean }
  | { readonly type: "ended"; readonly runId: string };

/** A handler that holds each run until the test lets it go, and says what it sees. */
function heldRuns() {
  const seen = new EventLog<Seen>();
  const gates = new Map<string, () => void>();
  let running = 0;
  let most = 0;
  const handler = async (job: RunJob, signal: AbortSignal) => {
    running++;
    most = Math.max(most, running);
    seen.push({ type: "started", job, abortedAtStart: signal.aborted });
    const onAbort = () =>
      seen.push({ type: "aborted", runId: job.runId, handedOver: isHandedOver(signal) });
    if (signal.aborted) onAbort();
    else signal.addEventListener("abort", onAbort, { once: true });
    await new Promise<void>((resolve) => gates.set(job.runId, resolve));
    running--;
    seen.push({ type: "ended", runId: job.runId });
  };
  return {
    seen,
    handler,
    most: () => most,
    release: (runId: string) => gates.get(runId)?.(),
    started: (runId: string) =>
      seen.waitFor((event) => event.type === "started" && event.job.runId === runId, runId),
    aborted: (runId: string) =>
      seen.waitFor(
        (event) => event.type === "aborted" && event.runId === runId,
        `${runId} aborted`,
      ),
    ended: (runId: string) =>
      seen.waitFor((event) => event.type === "ended" && event.runId === runId, `${runId} ended`),
    startOrder: () =>
      seen.entries.flatMap((event) => (event.type === "started" ? [event.job.runId] : [])),
  };
}

function coordinationContract(open: () => Promise<Coordination>) {
  let coordination: Coordination;
  beforeEach(async () => {
    coordination = await open();
  });
  afterEach(async () => {
    await coordination.close();
  });

  describe("run feeds", () => {
    it("gives a run's lines in order with their seqs, and ends after the run-end line", async () => {
      const { feed } = coordination;
      await feed.append("run-1", [delta("a"), delta("b")]);
      await feed.append("run-1", [delta("c"), RUN_END]);
      const lines = await readAll(feed.read("run-1", 0, new AbortController().signal));
      expect(lines).toEqual([
        { seq: 0, line: delta("a") },
        { seq: 1, line: delta("b") },
        { seq: 2, line: delta("c") },
        { seq: 3, line: RUN_END },
      ]);
      expect(await feed.length("run-1")).toBe(4);
      expect(await feed.length("never-ran")).toBe(0);
    });

    it("reads from the middle, and a resumption's part after its run-end", async () => {
      const { feed } = coordination;
      await feed.append("run-1", [delta("a"), delta("b"), RUN_END]);
      const middle = await readAll(feed.read("run-1", 1, new AbortController().signal));
      expect(middle.map((line) => line.seq)).toEqual([1, 2]);
      // A paused run resumed: its feed goes on after its first run-end.
      await feed.append("run-1", [delta("resumed"), RUN_END]);
      const fromStart = await readAll(feed.read("run-1", 0, new AbortController().signal));
      expect(fromStart.map((line) => line.seq)).toEqual([0, 1, 2]);
      const resumed = await readAll(feed.read("run-1", 3, new AbortController().signal));
      expect(resumed).toEqual([
        { seq: 3, line: delta("resumed") },
        { seq: 4, line: RUN_END },
      ]);
    });

    it("follows a run live: lines appended after the reader caught up come as they are written", async () => {
      const { feed } = coordination;
      const reader = feed.read("run-1", 0, new AbortController().signal)[Symbol.asyncIterator]();
      const first = reader.next();
      await feed.append("run-1", [delta("a")]);
      expect((await first).value).toEqual({ seq: 0, line: delta("a") });
      const second = reader.next();
      await feed.append("run-1", [delta("b"), delta("c")]);
      expect((await second).value).toEqual({ seq: 1, line: delta("b") });
      expect((await reader.next()).value).toEqual({ seq: 2, line: delta("c") });
      const third = reader.next();
      await feed.append("run-1", [RUN_END]);
      expect((await third).value).toEqual({ seq: 3, line: RUN_END });
      expect((await reader.next()).done).toBe(true);
    });

    it("serves a hundred readers following one run at once", async () => {
      const { feed } = coordination;
      const readers = Array.from({ length: 100 }, () =>
        feed.read("busy", 0, new AbortController().signal)[Symbol.asyncIterator](),
      );
      const firsts = readers.map((reader) => reader.next());
      await feed.append("busy", [delta("0")]);
      for (const first of firsts) expect((await first).value).toEqual({ seq: 0, line: delta("0") });
      // Every reader now waits for more: the rest arrives live, in batches.
      const rests = readers.map(async (reader) => {
        const lines: FeedLine[] = [];
        for (let next = await reader.next(); !next.done; next = await reader.next()) {
          lines.push(next.value);
        }
        return lines;
      });
      for (let batch = 1; batch <= 4; batch++) {
        await feed.append("busy", [delta(`${batch}a`), delta(`${batch}b`)]);
      }
      await feed.append("busy", [RUN_END]);
      const expected = [1, 2, 3, 4].flatMap((batch) => [delta(`${batch}a`), delta(`${batch}b`)]);
      for (const rest of await Promise.all(rests)) {
        expect(rest.map((line) => line.line)).toEqual([...expected, RUN_END]);
        expect(rest.map((line) => line.seq)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9]);
      }
    });

    it("stops reading when the signal ends, leaving no listener on it", async () => {
      const { feed } = coordination;
      const reading = new AbortController();
      const reader = feed.read("run-1", 0, reading.signal)[Symbol.asyncIterator]();
      for (const text of ["a", "b", "c"]) {
        const next = reader.next();
        await feed.append("run-1", [delta(text)]);
        expect((await next).value?.line).toBe(delta(text));
        // Between two waits nothing stays registered on the client's signal.
        expect(getEventListeners(reading.signal, "abort")).toHaveLength(0);
      }
      const waiting = reader.next();
      reading.abort();
      expect((await waiting).done).toBe(true);
      expect(getEventListeners(reading.signal, "abort")).toHaveLength(0);
      // A run that never wrote is waited on too, until the signal ends it.
      const nobody = new AbortController();
      const empty = readAll(feed.read("no-lines", 0, nobody.signal));
      nobody.abort();
      expect(await empty).toEqual([]);
    });
  });

  describe("chat claims", () => {
    it("gives a chat to one run at a time, until that run releases it", async () => {
      const { chats } = coordination;
      expect(await chats.running("chat")).toBeUndefined();
      expect(await chats.claim("chat", { runId: "run-1", from: 0 })).toBe(true);
      expect(await chats.claim("chat", { runId: "run-2", from: 0 })).toBe(false);
      expect(await chats.claim("other-chat", { runId: "run-2", from: 0 })).toBe(true);
      expect(await chats.running("chat")).toEqual({ runId: "run-1", from: 0 });
      // Its holder claims it again for a new part of its feed (resumed, or taken over).
      expect(await chats.claim("chat", { runId: "run-1", from: 7 })).toBe(true);
      await chats.renew("chat", "run-1");
      expect(await chats.running("chat")).toEqual({ runId: "run-1", from: 7 });
      // Another run neither renews nor releases it.
      await chats.renew("chat", "run-2");
      await chats.release("chat", "run-2");
      expect(await chats.running("chat")).toEqual({ runId: "run-1", from: 7 });
      await chats.release("chat", "run-1");
      expect(await chats.running("chat")).toBeUndefined();
      expect(await chats.claim("chat", { runId: "run-2", from: 0 })).toBe(true);
      expect(await chats.running("other-chat")).toEqual({ runId: "run-2", from: 0 });
    });
  });

  describe("the run queue", () => {
    it("runs every job, in order, never more at once than the concurrency", async () => {
      const { queue } = coordination;
      const runs = heldRuns();
      // Jobs submitted before anyone works wait for a worker.
      for (const runId of ["run-1", "run-2", "run-3"]) await queue.submit(ask(runId));
      queue.work(runs.handler, 2);
      for (const runId of ["run-4", "run-5"]) await queue.submit(ask(runId));
      await runs.started("run-1");
      await runs.started("run-2");
      for (const runId of ["run-1", "run-2", "run-3", "run-4", "run-5"]) {
        await runs.started(runId);
        runs.release(runId);
        await runs.ended(runId);
      }
      expect(runs.startOrder()).toEqual(["run-1", "run-2", "run-3", "run-4", "run-5"]);
      expect(runs.most()).toBe(2);
    });

    it("hands the handler each job as it was submitted", async () => {
      const { queue } = coordination;
      const runs = heldRuns();
      queue.work(runs.handler, 1);
      const resume: RunJob = {
        kind: "resume",
        runId: "run-2",
        chat: "chat",
        decision: { approved: false, note: "not that file", by: "ana" },
      };
      await queue.submit(ask("run-1", "chat"));
      await queue.submit(resume);
      const first = await runs.started("run-1");
      runs.release("run-1");
      const second = await runs.started("run-2");
      runs.release("run-2");
      await runs.ended("run-2");
      expect(first.type === "started" && first.job).toEqual(ask("run-1", "chat"));
      expect(second.type === "started" && second.job).toEqual(resume);
    });

    it("cancels the right run, running or still queued", async () => {
      const { queue } = coordination;
      const runs = heldRuns();
      queue.work(runs.handler, 2);
      for (const runId of ["run-1", "run-2", "run-3"]) await queue.submit(ask(runId));
      await runs.started("run-1");
      await runs.started("run-2");
      await queue.cancel("run-2");
      expect(await runs.aborted("run-2")).toEqual({
        type: "aborted",
        runId: "run-2",
        handedOver: false,
      });
      // run-3 waits for a free slot: cancelled there, it starts already signalled.
      await queue.cancel("run-3");
      runs.release("run-2");
      expect(await runs.started("run-3")).toMatchObject({ abortedAtStart: true });
      runs.release("run-3");
      await runs.ended("run-3");
      runs.release("run-1");
      await runs.ended("run-1");
      const aborted = runs.seen.entries.filter((event) => event.type === "aborted");
      expect(aborted.map((event) => event.type === "aborted" && event.runId)).toEqual([
        "run-2",
        "run-3",
      ]);
    });

    it("on close, signals the running handlers and waits for them to return", async () => {
      const { queue } = coordination;
      const runs = heldRuns();
      queue.work(runs.handler, 2);
      await queue.submit(ask("run-1"));
      await runs.started("run-1");
      let closed = false;
      const closing = queue.close().then(() => {
        closed = true;
      });
      expect(await runs.aborted("run-1")).toMatchObject({ handedOver: true });
      // The handler has not returned (its gate is shut): close is still waiting for it.
      expect(closed).toBe(false);
      runs.release("run-1");
      await closing;
      expect(runs.seen.entries.at(-1)).toEqual({ type: "ended", runId: "run-1" });
      await expect(queue.submit(ask("run-2"))).rejects.toThrow(/closed/);
    });
  });
}

describe("local coordination", () => {
  coordinationContract(async () => createLocalCoordination());
});

describe("Redis coordination", () => {
  let server: RedisServer;
  let opened = 0;
  beforeAll(async () => {
    server = await startRedisServer();
  });
  afterAll(async () => {
    await server?.close();
  });
  // Each case under a prefix of its own: its queue, feeds and claims start empty.
  coordinationContract(async () =>
    createRedisCoordination(`redis://127.0.0.1:${server.port}/1`, {
      prefix: `lcm:contract:${++opened}:`,
    }),
  );
});
