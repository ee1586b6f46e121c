import { spawn } from "node:child_process";
import { once } from "node:events";
import { resolve } from "node:path";
import { isLangchainMiniError, turnsOf } from "@langchain-mini/core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { RedisSessionStore } from "./redis-session-store.js";
import { type RedisServer, startRedisServer } from "./testing/index.js";

const turn = (question: string) => ({
  type: "turn" as const,
  question,
  answer: "a",
  at: "2026-11-23T00:00:00.000Z",
});
const PASSWORD = "s3cret-Pa55";
const dist = resolve(import.meta.dirname, "../dist/index.js");

let server: RedisServer;
let guarded: RedisServer;
beforeAll(async () => {
  [server, guarded] = await Promise.all([
    startRedisServer(),
    startRedisServer({ password: PASSWORD }),
  ]);
}, 60_000);
afterAll(async () => {
  await Promise.all([server?.close(), guarded?.close()]);
});

/**
 * A load once the server answers again: the store reconnects, though on a loaded machine
 * a call may still miss a 500 ms bound; only an answer within a minute counts.
 */
async function answeredLoad(store: RedisSessionStore, session: string) {
  const deadline = Date.now() + 60_000;
  for (;;) {
    try {
      return await store.load(session);
    } catch (error) {
      if (Date.now() > deadline || !isLangchainMiniError(error)) throw error;
    }
  }
}

async function failure(call: Promise<unknown>) {
  try {
    await call;
  } catch (error) {
    if (!isLangchainMiniError(error)) throw error;
    expect(error.message).not.toContain("\n");
    expect(error.message).not.toContain(PASSWORD);
    return error;
  }
  throw new Error("expected the call to fail");
}

/** Runs a script against the built package in a new process; resolves with how it ended. */
async function child(script: string) {
  const process_ = spawn(process.execPath, ["--input-type=module", "--eval", script], {
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  for (const stream of [process_.stdout, process_.stderr]) {
    stream.setEncoding("utf8").on("data", (text: string) => {
      output += text;
    });
  }
  // A process that does not end by itself is the failure this looks for: end it, and say so.
  const timer = setTimeout(() => process_.kill(), 30_000);
  const [code, signal] = await once(process_, "exit");
  clearTimeout(timer);
  return signal
    ? { code: `still running after 30 s`, output: output.trim() }
    : { code, output: output.trim() };
}

describe("RedisSessionStore when Redis fails", () => {
  it("says in one line that the password was refused or is missing, never repeating it", async () => {
    const where = `redis://127.0.0.1:${guarded.port}/0`;
    const wrong = new RedisSessionStore({
      url: `redis://:not-${PASSWORD}@127.0.0.1:${guarded.port}`,
    });
    expect(await failure(wrong.load("s"))).toMatchObject({
      code: "config_invalid",
      message: `Cannot load session 's' from Redis at ${where}: it refused the user name or password: check the password in the store URL (--store or LANGCHAIN_MINI_STORE): redis://:password@host:port`,
    });
    const missing = new RedisSessionStore({ url: where });
    expect((await failure(missing.list())).message).toBe(
      `Cannot list the sessions on Redis at ${where}: it needs a password: put it in the store URL (--store or LANGCHAIN_MINI_STORE): redis://:password@host:port`,
    );
    const right = new RedisSessionStore({ url: guarded.url });
    await right.append("s", turn("q"));
    expect((await right.list()).map((session) => session.name)).toEqual(["s"]);
    await Promise.all([wrong.close(), missing.close(), right.close()]);
  });

  it("costs the call when Redis stops, and reconnects once it is back", async () => {
    const store = new RedisSessionStore({ url: server.url, prefix: "restart:" });
    await store.append("s", turn("before"));
    await server.stop();
    const down = await failure(store.append("s", turn("while down")));
    expect(down.code).toBe("store_unavailable");
    // Refused when the client has seen the connection close, lost when it meets the close.
    expect(down.message).toMatch(
      /^Cannot save to session 's' on Redis at redis:\/\/127\.0\.0\.1:\d+\/0: (connection refused|the connection was lost): check that Redis is running there and that the store URL \(--store or LANGCHAIN_MINI_STORE\) points at it$/,
    );
    await server.start();
    // A new, empty server (nothing is saved to disk): the store connects to it anew.
    await store.append("s", turn("after"));
    expect(turnsOf((await store.load("s")).records).map((record) => record.question)).toEqual([
      "after",
    ]);
    // Restarted between two calls: the next read finds its connection dead and reconnects.
    await server.stop();
    await server.start();
    expect((await store.load("s")).records).toEqual([]);
    await store.close();
  }, 60_000);

  it("gives up on a server that stops answering, and reconnects when it answers again", async () => {
    // Written with the default bound: a loaded machine may take longer than 500 ms to answer.
    const writer = new RedisSessionStore({ url: server.url, prefix: "hung:" });
    await writer.append("s", turn("q"));
    await writer.close();
    const store = new RedisSessionStore({ url: server.url, prefix: "hung:", timeoutMs: 500 });
    server.freeze();
    try {
      expect(await failure(store.load("s"))).toMatchObject({
        code: "store_unavailable",
        message: `Cannot load session 's' from Redis at redis://127.0.0.1:${server.port}/0: no answer within 500 ms: check that Redis is running there and that the store URL (--store or LANGCHAIN_MINI_STORE) points at it`,
      });
      // A new connection meets the same silence, within the same bound.
      expect((await failure(store.list())).message).toContain("no answer within 500 ms");
    } finally {
      server.thaw();
    }
    expect(turnsOf((await answeredLoad(store, "s")).records)).toHaveLength(1);
    await store.close();
  }, 120_000);

  it("ends a call when the run is cancelled", async () => {
    const store = new RedisSessionStore({ url: server.url, prefix: "cancel:", timeoutMs: 60_000 });
    await store.list();
    server.freeze();
    try {
      const controller = new AbortController();
      const call = store.load("s", { signal: controller.signal });
      controller.abort();
      expect(await failure(call)).toMatchObject({ code: "aborted" });
      await expect(
        store.append("s", turn("q"), { signal: controller.signal }),
      ).rejects.toMatchObject({
        code: "aborted",
      });
    } finally {
      server.thaw();
    }
    await store.close();
  }, 60_000);

  it("never keeps a process alive: not when left open, not when Redis hangs", async () => {
    const left = await child(`
      import { RedisSessionStore } from ${JSON.stringify(dist)};
      const store = new RedisSessionStore({ url: ${JSON.stringify(server.url)}, prefix: "alive:" });
      await store.append("s", { type: "turn", question: "q", answer: "a", at: "" });
      console.log((await store.load("s")).records.length);
    `);
    expect(left).toEqual({ code: 0, output: "1" });

    server.freeze();
    try {
      const hung = await child(`
        import { RedisSessionStore } from ${JSON.stringify(dist)};
        const store = new RedisSessionStore({ url: ${JSON.stringify(server.url)}, timeoutMs: 300 });
        await store.load("s").catch((error) => console.log(error.code));
      `);
      expect(hung).toEqual({ code: 0, output: "store_unavailable" });
    } finally {
      server.thaw();
    }
  }, 60_000);
});
