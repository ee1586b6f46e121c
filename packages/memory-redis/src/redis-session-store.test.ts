import { turnsOf } from "@langchain-mini/core";
import { createClient } from "redis";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { RedisSessionStore } from "./redis-session-store.js";
import { type RedisServer, startRedisServer } from "./testing/index.js";

const turn = (question: string) => ({
  type: "turn" as const,
  question,
  answer: `about ${question}`,
  at: "2026-11-23T00:00:00.000Z",
});

let server: RedisServer;
let raw: ReturnType<typeof createClient>;
let prefixes = 0;
const stores: RedisSessionStore[] = [];
const storeOn = (
  url: string,
  options: { prefix?: string; ttlSeconds?: number; timeoutMs?: number } = {},
) => {
  const store = new RedisSessionStore({ url, prefix: `test${++prefixes}:`, ...options });
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

describe("RedisSessionStore", () => {
  it("keeps every key under its prefix, and prefixes apart", async () => {
    const team = storeOn(server.url, { prefix: "team-a:" });
    const other = storeOn(server.url, { prefix: "team-b:" });
    await team.append("work", turn("q1"));
    await team.append("work", { type: "summary", summary: "s", coveredTurns: 1, at: "" });
    await other.append("work", turn("elsewhere"));
    expect((await raw.keys("team-a:*")).sort()).toEqual([
      "team-a:session:work",
      "team-a:sessions",
      "team-a:summary:work",
    ]);
    expect(await raw.type("team-a:session:work")).toBe("list");
    expect(turnsOf((await team.load("work")).records).map((record) => record.question)).toEqual([
      "q1",
    ]);
    expect((await other.list()).map(({ name, turns }) => ({ name, turns }))).toEqual([
      { name: "work", turns: 1 },
    ]);
    // What /resume shows: the newest question of each session.
    await team.append("work", turn("q2"));
    expect((await team.list()).map(({ lastQuestion }) => lastQuestion)).toEqual(["q2"]);
  });

  it("sets a session's time-to-live and refreshes it with each append; expired sessions leave the list", async () => {
    const store = storeOn(server.url, { ttlSeconds: 3_600 });
    await store.append("brief", turn("q1"));
    await store.append("brief", { type: "summary", summary: "s", coveredTurns: 1, at: "" });
    const ttl = await raw.ttl(store.turnsKey("brief"));
    expect(ttl).toBeGreaterThan(3_500);
    expect(ttl).toBeLessThanOrEqual(3_600);
    expect(await raw.ttl(store.summaryKey("brief"))).toBeGreaterThan(3_500);
    await raw.expire(store.turnsKey("brief"), 100);
    await store.append("brief", turn("q2"));
    expect(await raw.ttl(store.turnsKey("brief"))).toBeGreaterThan(3_500);

    await store.append("lasting", turn("stays"));
    // Expire 'brief' now, as time would.
    await raw.pExpire(store.turnsKey("brief"), 1);
    await raw.pExpire(store.summaryKey("brief"), 1);
    while ((await raw.exists([store.turnsKey("brief"), store.summaryKey("brief")])) > 0) {
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    expect((await store.list()).map((session) => session.name)).toEqual(["lasting"]);
    expect(await raw.zRange(store.indexKey, 0, -1)).toEqual(["lasting"]);
    expect((await store.load("brief")).records).toEqual([]);
  });

  it("keeps sessions without a time-to-live when none is set", async () => {
    const store = storeOn(server.url);
    await store.append("forever", turn("q"));
    expect(await raw.ttl(store.turnsKey("forever"))).toBe(-1);
  });

  it("skips entries that are not records, with a warning, leaving them in place", async () => {
    const store = storeOn(server.url);
    await store.append("mixed", turn("good"));
    await raw.rPush(store.turnsKey("mixed"), ["not json", '{"some":"other json"}']);
    await store.append("mixed", turn("also good"));
    const loaded = await store.load("mixed");
    expect(turnsOf(loaded.records).map((record) => record.question)).toEqual(["good", "also good"]);
    expect(loaded.warnings).toEqual([
      `Session 'mixed' on Redis at ${store.where} has 2 unreadable entries under ${store.turnsKey("mixed")} or ${store.summaryKey("mixed")}: skipped them, left them in place`,
    ]);
    expect(await raw.lLen(store.turnsKey("mixed"))).toBe(4);
  });

  it("explains a key that holds something else, and lists the other sessions", async () => {
    const store = storeOn(server.url);
    await store.append("fine", turn("q"));
    await raw.set(store.turnsKey("taken"), "someone else's value");
    await raw.zAdd(store.indexKey, { score: Date.now(), value: "taken" });
    await expect(store.load("taken")).rejects.toMatchObject({
      code: "config_invalid",
      message: `Cannot load session 'taken' from Redis at ${store.where}: the key ${store.turnsKey("taken")} holds something that is not one of our sessions or runs: delete that key, or choose another LANGCHAIN_MINI_REDIS_PREFIX`,
    });
    expect((await store.list()).map((session) => session.name)).toEqual(["fine"]);
    expect(await raw.get(store.turnsKey("taken"))).toBe("someone else's value");
  });

  it("skips index entries with no time a date can show or no session name, in one warning", async () => {
    const store = storeOn(server.url);
    await store.append("fine", turn("q"));
    await store.append("later", turn("q"));
    // What another program (or a hand at redis-cli) may leave in the index.
    await raw.zAdd(store.indexKey, [
      { score: Number.POSITIVE_INFINITY, value: "later" },
      { score: 1e300, value: "far" },
      { score: 1, value: "../not a name" },
    ]);
    await raw.rPush(store.turnsKey("far"), JSON.stringify(turn("q")));
    const warnings: string[] = [];
    const listed = await store.list({ onWarning: (message) => warnings.push(message) });
    expect(listed.map((session) => [session.name, session.updatedAt.toISOString()])).toEqual([
      ["fine", expect.stringMatching(/^\d{4}-/)],
    ]);
    expect(warnings).toEqual([
      `Skipped 3 entries of the session index ${store.indexKey} on Redis at ${store.where} that are not a session name with a time ("later" at score Infinity, and 2 more): a session's next turn puts its entry right; remove others with ZREM ${store.indexKey} <name>`,
    ]);
    // The session itself is untouched, and its next turn puts its entry right.
    expect(turnsOf((await store.load("later")).records)).toHaveLength(1);
    await store.append("later", turn("q2"));
    expect((await store.list()).map((session) => session.name).sort()).toEqual(["fine", "later"]);
  });
});
