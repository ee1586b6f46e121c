import { turnsOf } from "@langchain-mini/core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { RedisSessionStore } from "./redis-session-store.js";
import { type RedisServer, startRedisServer } from "./testing/index.js";

const turn = { type: "turn" as const, question: "q", answer: "a", at: "2026-11-23T00:00:00.000Z" };

let secure: RedisServer;
let plain: RedisServer;
beforeAll(async () => {
  [secure, plain] = await Promise.all([startRedisServer({ tls: true }), startRedisServer()]);
}, 60_000);
afterAll(async () => {
  await Promise.all([secure?.close(), plain?.close()]);
});

describe("RedisSessionStore over TLS (rediss://)", () => {
  it("talks to a server whose certificate its CA signed", async () => {
    expect(secure.url).toMatch(/^rediss:\/\/127\.0\.0\.1:\d+\/0$/);
    const store = new RedisSessionStore({ url: secure.url, tls: { ca: secure.certificates?.ca } });
    await store.append("secure", turn);
    expect(turnsOf((await store.load("secure")).records)).toEqual([turn]);
    await store.close();
  });

  it("explains a certificate it cannot check, and a server without TLS, in one line", async () => {
    const untrusted = new RedisSessionStore({ url: secure.url });
    const refused = untrusted.load("s");
    await expect(refused).rejects.toMatchObject({ code: "store_unavailable" });
    await expect(refused).rejects.toThrow(
      `Cannot load session 's' from Redis at rediss://127.0.0.1:${secure.port}/0: TLS failed: its certificate is not signed by a CA this machine trusts: set NODE_EXTRA_CA_CERTS to the file of the CA that signed it`,
    );
    const mismatched = new RedisSessionStore({
      url: plain.url.replace("redis:", "rediss:"),
      timeoutMs: 500,
    });
    await expect(mismatched.list()).rejects.toMatchObject({
      code: "store_unavailable",
      message: `Cannot list the sessions on Redis at rediss://127.0.0.1:${plain.port}/0: no TLS handshake within 500 ms: check that it speaks TLS on that port (use redis:// if not) and that it is running`,
    });
    await Promise.all([untrusted.close(), mismatched.close()]);
  });
});
