import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import type { FakeReply, FakeScript, RecordedRequest } from "./fake-reply.js";
import { streamReply } from "./stream-reply.js";

export type { FakeReply, FakeScript, FakeTextReply, RecordedRequest } from "./fake-reply.js";

/**
 * For tests (ours and yours): an OpenAI-compatible server on 127.0.0.1 that streams chat
 * completions over SSE the way the real API does (role chunk, content chunks, finish
 * chunk, usage chunk, [DONE]), and fails the ways it does.
 */
export async function startFakeOpenAi(script: FakeScript, options: { port?: number } = {}) {
  const requests: RecordedRequest[] = [];
  const server = createServer(async (request, response) => {
    const body = JSON.parse(await readBody(request)) as Record<string, unknown>;
    const recorded: RecordedRequest = {
      body,
      authorization: request.headers.authorization,
      receivedAt: performance.now(),
      closedEarly: false,
      chunksSent: 0,
    };
    const index = requests.length;
    requests.push(recorded);
    const reply =
      typeof script === "function"
        ? script(recorded, index)
        : (script[Math.min(index, script.length - 1)] as FakeReply);
    await respond(reply, body, response, recorded);
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseURL: `http://127.0.0.1:${port}/v1`,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

function respond(
  reply: FakeReply,
  body: Record<string, unknown>,
  response: ServerResponse,
  recorded: RecordedRequest,
) {
  if ("hang" in reply) return;
  if ("status" in reply)
    return sendJson(response, reply.status, { error: reply.error }, reply.headers);
  if ("malformed" in reply) {
    response.writeHead(200, { "content-type": "text/event-stream" });
    response.end("data: {not json at all\n\ndata: [DONE]\n\n");
    return;
  }
  if ("raw" in reply) {
    response.writeHead(200, { "content-type": reply.contentType });
    response.end(reply.raw);
    return;
  }
  const refused = reply.rejects?.find((parameter) => body[parameter] !== undefined);
  if (refused) {
    return sendJson(response, 400, {
      error: {
        message: `Unsupported parameter: '${refused}' is not supported with this model.`,
        type: "invalid_request_error",
        param: refused,
        code: "unsupported_parameter",
      },
    });
  }
  return streamReply(reply, body, response, recorded);
}

function sendJson(
  response: ServerResponse,
  status: number,
  payload: unknown,
  headers: Readonly<Record<string, string>> = {},
) {
  response.writeHead(status, { "content-type": "application/json", ...headers });
  response.end(JSON.stringify(payload));
}

function readBody(request: IncomingMessage) {
  return new Promise<string>((resolve, reject) => {
    let data = "";
    request.setEncoding("utf8");
    request.on("data", (chunk: string) => {
      data += chunk;
    });
    request.on("end", () => resolve(data));
    request.on("error", reject);
  });
}
