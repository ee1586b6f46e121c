import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import type { FakeReply, FakeScript, RecordedRequest } from "./fake-reply.js";
import { streamReply } from "./stream-reply.js";

export type { FakeReply, FakeScript, FakeTextReply, RecordedRequest } from "./fake-reply.js";

export interface FakeOpenAiOptions {
  readonly port?: number;
  /** Where the API lives on the server; default `/v1`. A proxy or a gateway may use another. */
  readonly basePath?: string;
}

/**
 * For tests (ours and yours): an OpenAI-compatible server on 127.0.0.1 that streams chat
 * completions over SSE the way the real API does (role chunk, content chunks, finish
 * chunk, usage chunk, [DONE]), answers 404 for any other path, and fails the ways it does.
 */
export async function startFakeOpenAi(script: FakeScript, options: FakeOpenAiOptions = {}) {
  const requests: RecordedRequest[] = [];
  const basePath = options.basePath ?? "/v1";
  const server = createServer(async (request, response) => {
    const text = await readBody(request);
    const path = request.url ?? "";
    if (request.method !== "POST" || path !== `${basePath}/chat/completions`) {
      return sendJson(response, 404, {
        error: {
          message: `Invalid URL (${request.method} ${path.split("?")[0]})`,
          type: "invalid_request_error",
          param: null,
          code: null,
        },
      });
    }
    const body = JSON.parse(text) as Record<string, unknown>;
    const recorded: RecordedRequest = {
      path,
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
    /** What OPENAI_BASE_URL (or `baseURL`) is set to: the SDK appends /chat/completions. */
    baseURL: `http://127.0.0.1:${port}${basePath}`,
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
  if ("raw" in reply) {
    response.writeHead(reply.status ?? 200, { "content-type": reply.contentType });
    response.end(reply.raw);
    return;
  }
  if ("status" in reply)
    return sendJson(response, reply.status, { error: reply.error }, reply.headers);
  if ("malformed" in reply) {
    response.writeHead(200, { "content-type": "text/event-stream" });
    response.end("data: {not json at all\n\ndata: [DONE]\n\n");
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
