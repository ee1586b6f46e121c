import { randomUUID } from "node:crypto";
import { createServer } from "node:net";
import { resolve } from "node:path";
import { sessionStoreContract } from "@langchain-mini/memory/testing";
import { afterAll, beforeAll, describe, it } from "vitest";
import { RedisSessionStore } from "./redis-session-store.js";
import { type RedisServer, startRedisServer } from "./testing/index.js";

let server: RedisServer;
let closedPort: number;
beforeAll(async () => {
  server = await startRedisServer();
  // A port nothing listens on: reserved, then released.
  const reserved = createServer().listen(0, "127.0.0.1");
  await new Promise((resolve) => reserved.once("listening", resolve));
  closedPort = (reserved.address() as { port: number }).port;
  reserved.close();
}, 60_000);
afterAll(() => server?.close());

describe("the Redis store passes the store contract", () => {
  const checks = sessionStoreContract({
    // Each check its own key prefix on the one server.
    newLocation: () => JSON.stringify({ url: server.url, prefix: `contract:${randomUUID()}:` }),
    open(location) {
      const { url, prefix } = JSON.parse(location) as { url: string; prefix: string };
      return new RedisSessionStore({ url, prefix });
    },
    processModule: resolve(import.meta.dirname, "test-support/open-redis-store.mjs"),
    runs: true,
    openBroken: () =>
      new RedisSessionStore({ url: `redis://127.0.0.1:${closedPort}/0`, timeoutMs: 10_000 }),
  });
  for (const check of checks) it(check.name, check.run, 60_000);
});
