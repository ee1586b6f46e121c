import { afterEach, describe, expect, it } from "vitest";
import { type FakeHandler, type FakeServer, pause, startFakeServer } from "./fake-server.js";

let server: FakeServer | undefined;
afterEach(() => server?.close());

async function serve(handle: FakeHandler) {
  server = await startFakeServer(handle);
  return server;
}

/** Waits for what the server sees; the test's time limit bounds the wait. */
async function until(condition: () => boolean) {
  while (!condition()) await pause(10);
}

describe("the fake server base", () => {
  it("records each request whole and answers a scripted failure with its headers", async () => {
    const { url, requests } = await serve((_request, reply) =>
      reply.json(429, { error: "slow down" }, { "retry-after": "2" }),
    );
    const response = await fetch(`${url}/v1/x?y=1`, {
      method: "POST",
      headers: { authorization: "Bearer k" },
      body: '{"a":1}',
    });
    expect([response.status, response.headers.get("retry-after")]).toEqual([429, "2"]);
    expect(await response.json()).toEqual({ error: "slow down" });
    expect(requests).toMatchObject([
      { index: 0, method: "POST", path: "/v1/x?y=1", body: '{"a":1}', closedEarly: false },
    ]);
    expect(requests[0]?.headers.authorization).toBe("Bearer k");
  });

  it("sees a client leave a slow stream early, and counts what it was sent", async () => {
    const { url, requests } = await serve(async (_request, reply) => {
      const stream = reply.stream({ "content-type": "text/event-stream" });
      for (let piece = 0; piece < 1_000 && stream.write(`data: ${piece}\n\n`); piece++)
        await pause(5);
      stream.end();
    });
    const controller = new AbortController();
    const response = await fetch(url, { signal: controller.signal });
    const reader = response.body?.getReader();
    await reader?.read();
    controller.abort();
    await until(() => requests[0]?.closedEarly === true);
    expect(requests[0]?.piecesSent).toBeGreaterThan(0);
    expect(requests[0]?.piecesSent).toBeLessThan(1_000);
  });

  it("breaks a stream off mid-reply, after what was written reached the client", async () => {
    const { url } = await serve(async (_request, reply) => {
      const stream = reply.stream({ "content-type": "text/plain" });
      stream.write("partial");
      await stream.drop();
    });
    const response = await fetch(url);
    await expect(response.text()).rejects.toThrow();
  });

  it("leaves a request hanging when the handler does nothing, until it closes", async () => {
    const started = await serve(() => undefined);
    const pending = fetch(started.url).catch((error: unknown) => error);
    await until(() => started.requests.length === 1);
    await started.close();
    expect(await pending).toBeInstanceOf(Error);
  });
});
