import {
  answerCommon,
  type FakeResponder,
  type FakeServer,
  jsonObject,
  nextReply,
  startFakeServer,
} from "@langchain-mini/core/testing";
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
  const server: FakeServer = await startFakeServer((request, reply) => {
    if (request.method !== "POST" || request.path !== `${basePath}/chat/completions`) {
      const message = `Invalid URL (${request.method} ${request.path.split("?")[0]})`;
      return reply.json(404, {
        error: { message, type: "invalid_request_error", param: null, code: null },
      });
    }
    const body = jsonObject(request.body);
    const recorded: RecordedRequest = {
      path: request.path,
      body,
      authorization: request.headers.authorization,
      receivedAt: request.receivedAt,
      get closedEarly() {
        return request.closedEarly;
      },
      get chunksSent() {
        return request.piecesSent;
      },
    };
    const index = requests.length;
    requests.push(recorded);
    return respond(nextReply(script, recorded, index), body, reply);
  }, options);
  return {
    /** What OPENAI_BASE_URL (or `baseURL`) is set to: the SDK appends /chat/completions. */
    baseURL: `${server.url}${basePath}`,
    requests,
    /** Every request as the server saw it, 404s included. */
    server,
    close: server.close,
  };
}

function respond(reply: FakeReply, body: Record<string, unknown>, responder: FakeResponder) {
  if (answerCommon(reply, responder, "data: {not json at all\n\ndata: [DONE]\n\n")) return;
  if ("status" in reply) return responder.json(reply.status, { error: reply.error }, reply.headers);
  const refused = reply.rejects?.find((parameter) => body[parameter] !== undefined);
  if (refused) {
    return responder.json(400, {
      error: {
        message: `Unsupported parameter: '${refused}' is not supported with this model.`,
        type: "invalid_request_error",
        param: refused,
        code: "unsupported_parameter",
      },
    });
  }
  return streamReply(reply, body, responder);
}
