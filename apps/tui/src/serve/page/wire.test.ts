import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { ApiError, createApi, readEvents, type WireEvent } from "./wire.js";

/** A stream that hands out exactly these chunks, in order. */
function chunked(chunks: readonly (string | Uint8Array)[]) {
  const encoder = new TextEncoder();
  return new ReadableStream<Uint8Array>({
    start(controller) {
      for (const chunk of chunks)
        controller.enqueue(typeof chunk === "string" ? encoder.encode(chunk) : chunk);
      controller.close();
    },
  });
}

async function all(events: AsyncIterable<WireEvent>) {
  const seen: WireEvent[] = [];
  for await (const event of events) seen.push(event);
  return seen;
}

describe("readEvents: a run's JSON lines as they arrive", () => {
  it("joins a line split across chunks, a character split across them, and a last line without newline", async () => {
    const bytes = new TextEncoder().encode('{"type":"llm-delta","text":"é"}\n');
    const split = bytes.indexOf(0xc3) + 1; // between the two bytes of é
    const events = await all(
      readEvents(
        chunked([
          '{"type":"run-st',
          'art","runId":"r1"}\n\n',
          bytes.slice(0, split),
          bytes.slice(split),
          '{"type":"run-end","result":{"status":"answered"}}',
        ]),
      ),
    );
    expect(events).toEqual([
      { type: "run-start", runId: "r1" },
      { type: "llm-delta", text: "é" },
      { type: "run-end", result: { status: "answered" } },
    ]);
  });

  it("stops with one line when the server sends something that is not an event", async () => {
    const reading = all(readEvents(chunked(['{"type":"run-start"}\n', "<html>oops</html>\n"])));
    await expect(reading).rejects.toThrow(
      "The server sent a line that is not JSON: reload the page to see the run",
    );
    await expect(all(readEvents(chunked(["[1,2]\n"])))).rejects.toThrow("not an event");
  });
});

let server: Server | undefined;
afterEach(async () => {
  await new Promise((resolve) => server?.close(resolve) ?? resolve(undefined));
  server = undefined;
});

interface Seen {
  readonly method: string | undefined;
  readonly url: string | undefined;
  readonly authorization: string | undefined;
  readonly body: string;
}

/** A local server that records each request and answers with `reply`. */
async function serve(reply: (request: IncomingMessage, response: ServerResponse) => void) {
  const seen: Seen[] = [];
  server = createServer((request, response) => {
    let body = "";
    request.setEncoding("utf8").on("data", (chunk: string) => {
      body += chunk;
    });
    request.on("end", () => {
      seen.push({
        method: request.method,
        url: request.url,
        authorization: request.headers.authorization,
        body,
      });
      reply(request, response);
    });
  });
  await new Promise<void>((resolve) => server?.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return { origin: `http://127.0.0.1:${port}`, seen };
}

describe("createApi: the page's requests", () => {
  it("sends the question and chat as JSON with the bearer token, and reads the run's id and events", async () => {
    const { origin, seen } = await serve((_request, response) => {
      response.writeHead(200, { "content-type": "application/x-ndjson", "x-run-id": "run-1" });
      response.write('{"type":"run-start","runId":"run-1"}\n');
      response.end('{"type":"run-end","result":{"status":"answered","answer":"4"}}\n');
    });
    const run = await createApi(() => "secret-token", origin).ask("2+2?", "chat-1");
    expect(run.runId).toBe("run-1");
    expect((await all(run.events)).map((event) => event.type)).toEqual(["run-start", "run-end"]);
    expect(seen).toEqual([
      {
        method: "POST",
        url: "/api/runs",
        authorization: "Bearer secret-token",
        body: JSON.stringify({ question: "2+2?", session: "chat-1" }),
      },
    ]);
  });

  it("sends a decision's note, and no Authorization header without a token", async () => {
    const { origin, seen } = await serve((_request, response) => {
      response.writeHead(200, { "content-type": "application/x-ndjson" });
      response.end('{"type":"run-start","runId":"a/b"}\n');
    });
    const api = createApi(() => undefined, origin);
    await all((await api.deny("a/b", "use the cache")).events);
    await all((await api.approve("a/b")).events);
    expect(seen).toEqual([
      {
        method: "POST",
        url: "/api/runs/a%2Fb/deny",
        authorization: undefined,
        body: '{"note":"use the cache"}',
      },
      { method: "POST", url: "/api/runs/a%2Fb/approve", authorization: undefined, body: "{}" },
    ]);
  });

  it("turns the server's error into an ApiError with its status, code and one safe line", async () => {
    const { origin } = await serve((_request, response) => {
      response.writeHead(401, { "content-type": "application/json" });
      response.end(
        JSON.stringify({
          error: { code: "unauthorized", message: "A token is needed\u001b[2J\nsecond line" },
        }),
      );
    });
    const refused = createApi(() => "wrong", origin).health();
    await expect(refused).rejects.toBeInstanceOf(ApiError);
    await expect(refused).rejects.toMatchObject({
      status: 401,
      code: "unauthorized",
      message: "A token is needed[2J",
    });
  });

  it("names the status when the reply is not the server's JSON, and says when the server is out of reach", async () => {
    const { origin } = await serve((_request, response) => {
      response.writeHead(502, { "content-type": "text/html" });
      response.end("<h1>Bad gateway</h1>");
    });
    await expect(createApi(() => undefined, origin).session("chat")).rejects.toMatchObject({
      status: 502,
      message: "The server answered 502 Bad Gateway",
    });
    await new Promise((resolve) => server?.close(resolve));
    server = undefined;
    await expect(createApi(() => undefined, origin).health()).rejects.toThrow(
      "Cannot reach the server: is langchain-mini serve still running?",
    );
  });
});
