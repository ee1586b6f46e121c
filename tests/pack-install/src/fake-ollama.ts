import { createServer } from "node:http";
import type { AddressInfo } from "node:net";

export interface FakeOllama {
  /** For OLLAMA_HOST. */
  readonly host: string;
  /** The JSON bodies of the requests, in order. */
  readonly requests: Record<string, unknown>[];
  close(): Promise<void>;
}

/**
 * Ollama's POST /api/generate on 127.0.0.1: each request gets the next reply, streamed as
 * NDJSON in two network writes (a line is cut between them), then the `done` line.
 */
export async function startFakeOllama(replies: readonly string[]): Promise<FakeOllama> {
  const requests: Record<string, unknown>[] = [];
  const server = createServer(async (request, response) => {
    let text = "";
    for await (const chunk of request) text += chunk;
    requests.push(JSON.parse(text) as Record<string, unknown>);
    const reply = replies[requests.length - 1];
    if (request.url !== "/api/generate" || reply === undefined) {
      response.writeHead(500).end(JSON.stringify({ error: "the fake has no reply for this" }));
      return;
    }
    const middle = Math.ceil(reply.length / 2);
    const lines: object[] = [reply.slice(0, middle), reply.slice(middle)].map((piece) => ({
      response: piece,
      done: false,
    }));
    lines.push({ response: "", done: true, done_reason: "stop", eval_count: 9 });
    const body = lines.map((line) => `${JSON.stringify(line)}\n`).join("");
    response.writeHead(200, { "content-type": "application/x-ndjson" });
    response.write(body.slice(0, body.length - 20));
    setTimeout(() => response.end(body.slice(body.length - 20)), 5);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    host: `127.0.0.1:${port}`,
    requests,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
