import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { streamReply } from "./stream-reply.js";

/** A streamed reply: text deltas, then tool calls, a finish chunk, a usage chunk and [DONE]. */
export interface FakeTextReply {
  readonly text: string;
  /** Characters per content chunk; default 6. */
  readonly chunkSize?: number;
  /** Pause before each content chunk. */
  readonly chunkDelayMs?: number;
  /** Cut at the request's `stop` like the real API (default true). */
  readonly honourStop?: boolean;
  /** Close the socket after this many chunks, without a finish chunk or [DONE]. */
  readonly disconnectAfter?: number;
  /** Send an SSE error event after this many chunks, as OpenAI does when it fails mid-reply. */
  readonly errorEventAfter?: number;
  readonly toolCalls?: readonly { readonly name: string; readonly arguments: string }[];
  /**
   * Parameters this server answers 400 `unsupported_parameter` to, as OpenAI's reasoning
   * models do for `stop`, `temperature` and `max_tokens`.
   */
  readonly rejects?: readonly string[];
}

/** What the fake does for one request. */
export type FakeReply =
  | FakeTextReply
  | {
      readonly status: number;
      readonly error: { message: string; type?: string; param?: string; code?: string };
      /** e.g. `{ "retry-after-ms": "200" }`. */
      readonly headers?: Readonly<Record<string, string>>;
    }
  /** Accept the connection and never answer. */
  | { readonly hang: true }
  /** An SSE event whose data is not JSON. */
  | { readonly malformed: true }
  /** Any body, e.g. the HTML page of a server that is not an OpenAI API. */
  | { readonly raw: string; readonly contentType: string };

export interface RecordedRequest {
  readonly body: Record<string, unknown>;
  readonly authorization: string | undefined;
  /** `performance.now()` when the request arrived. */
  readonly receivedAt: number;
  /** True when the client closed the connection before the reply was fully sent. */
  closedEarly: boolean;
  /** Chunks written before the client went away. */
  chunksSent: number;
}

/** Replies in order (the last one repeats), or a function of the request. */
export type FakeScript =
  | readonly FakeReply[]
  | ((request: RecordedRequest, index: number) => FakeReply);

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
