import type { RunLease, RunRecord } from "@langchain-mini/core";
import { createClient } from "redis";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { RedisSessionStore } from "./redis-session-store.js";
import { type RedisServer, startRedisServer } from "./testing/index.js";

const observed = (step: number): RunRecord => ({
  type: "tool-end",
  step,
  tool: "search",
  input: "q",
  observation: `seen ${step}`,
});
const leaseUntil = (owner: string, expiresAt: number): RunLease => ({
  owner,
  host: "here",
  pid: 7,
  expiresAt,
});

let server: RedisServer;
let raw: ReturnType<typeof createClient>;
let prefixes = 0;
const stores: RedisSessionStore[] = [];
const storeOn = (options: { ttlSeconds?: number } = {}) => {
  const store = new RedisSessionStore({
    url: server.url,
    prefix: `runs${++prefixes}:`,
    ...options,
  });
  stores.push(store);
  return store;
};

beforeAll(async () => {
  server = await startRedisServer();
  raw = createClient({ url: server.url });
  await raw.connect();
}, 60_000);
afterAll(async () => {
  for (const store of stores) await store.close();
  await raw?.close();
  await server?.close();
});

describe("RedisSessionStore's run journals", () => {
  it("keep a list per run, an index and a lease under the store's prefix", async () => {
    const store = storeOn();
    await store.runs.append("r1", observed(1));
    await store.runs.append("r1", observed(2));
    await store.runs.swapLease("r1", undefined, leaseUntil("me", Date.now() + 3_600_000));
    const prefix = store.prefix;
    expect((await raw.keys(`${prefix}*`)).sort()).toEqual([
      `${prefix}run-lease:r1`,
      `${prefix}run:r1`,
      `${prefix}runs`,
    ]);
    expect(await raw.lRange(`${prefix}run:r1`, 0, -1)).toEqual([
      JSON.stringify(observed(1)),
      JSON.stringify(observed(2)),
    ]);
    expect(await raw.zRange(`${prefix}runs`, 0, -1)).toEqual(["r1"]);
    // No session is made by a run.
    expect(await store.list()).toEqual([]);
  });

  it("keep a lease until it expires, and no longer", async () => {
    const store = storeOn();
    const hour = Date.now() + 3_600_000;
    expect(await store.runs.swapLease("r", undefined, leaseUntil("me", hour))).toBe(true);
    const kept = await raw.pTTL(store.runs.leaseKey("r"));
    expect(kept).toBeGreaterThan(3_000_000);
    expect(kept).toBeLessThanOrEqual(3_600_000);
    // A lease that has already lapsed is gone at once: nobody holds the run.
    const lapsed = leaseUntil("late", Date.now() - 1_000);
    expect(await store.runs.swapLease("r", leaseUntil("me", hour), lapsed)).toBe(true);
    await expect.poll(() => raw.exists(store.runs.leaseKey("r"))).toBe(0);
    expect(await store.runs.lease("r")).toBeUndefined();
  });

  it("forget a run that long after its last record with a time-to-live, in the list too", async () => {
    const store = storeOn({ ttlSeconds: 600 });
    await store.runs.append("brief", observed(1));
    const ttl = await raw.ttl(store.runs.recordsKey("brief"));
    expect(ttl).toBeGreaterThan(500);
    expect(ttl).toBeLessThanOrEqual(600);
    // As when it expires: the records go, the index entry stays until a list sees it.
    await raw.del(store.runs.recordsKey("brief"));
    expect(await store.runs.list()).toEqual([]);
    expect(await raw.zRange(store.runs.indexKey, 0, -1)).toEqual([]);
  });

  it("skip entries and index members that are not ours with one warning each", async () => {
    const store = storeOn();
    await store.runs.append("mixed", observed(1));
    await raw.rPush(store.runs.recordsKey("mixed"), ["not json", '{"type":"alien"}']);
    await store.runs.append("mixed", observed(2));
    const loaded = await store.runs.load("mixed");
    expect(loaded.records).toEqual([observed(1), observed(2)]);
    expect(loaded.warnings).toEqual([
      `Run 'mixed' on Redis at ${store.where} has 2 unreadable entries under ${store.runs.recordsKey("mixed")}: skipped them, left them in place`,
    ]);
    await raw.zAdd(store.runs.indexKey, { score: 1, value: "../x" });
    const warnings: string[] = [];
    const listed = await store.runs.list({ onWarning: (message) => warnings.push(message) });
    expect(listed.map((run) => run.runId)).toEqual(["mixed"]);
    expect(warnings).toEqual([
      `Skipped 1 entry of the run index ${store.runs.indexKey} on Redis at ${store.where} that is not a run id with a time ("../x" at score 1): remove it with ZREM ${store.runs.indexKey} <id>`,
    ]);
  });

  it("count a lease key that holds no lease as none, with a warning, and replace it", async () => {
    const store = storeOn();
    await raw.set(store.runs.leaseKey("r"), '{"owner":"half"');
    const warnings: string[] = [];
    const onWarning = (message: string) => warnings.push(message);
    expect(await store.runs.lease("r", { onWarning })).toBeUndefined();
    expect(warnings).toEqual([
      `Run 'r' on Redis at ${store.where}: ${store.runs.leaseKey("r")} holds no lease, so the run counts as held by nobody`,
    ]);
    const mine = leaseUntil("mine", Date.now() + 60_000);
    expect(await store.runs.swapLease("r", undefined, mine)).toBe(true);
    expect(await store.runs.lease("r")).toEqual(mine);
  });

  it("explain a lease key that holds another type in one line", async () => {
    const store = storeOn();
    await raw.rPush(store.runs.leaseKey("r"), "x");
    await expect(store.runs.lease("r")).rejects.toMatchObject({
      code: "config_invalid",
      message: `Cannot read the lease of run 'r' on Redis at ${store.where}: the key ${store.runs.leaseKey("r")} holds something that is not one of our sessions or runs: delete that key, or choose another LANGCHAIN_MINI_REDIS_PREFIX`,
    });
  });
});
