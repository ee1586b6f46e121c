import {
  answerCommon,
  type FakeHeaders,
  type FakeResponder,
  jsonObject,
  nextReply,
  startFakeServer,
} from "@langchain-mini/core/testing";
import { checkRequest, type GeminiErrorBody } from "./check-request.js";
import type { FakeReply, FakeScript, RecordedRequest } from "./fake-reply.js";
import { PromptCache } from "./prompt-cache.js";
import { streamReply } from "./stream-reply.js";

export type { FakeReply, FakeScript, FakeTextReply, RecordedRequest } from "./fake-reply.js";

export interface FakeGeminiOptions {
  readonly port?: number;
  /** Where the API lives on the server, before its `/<version>/models/…`; default none. */
  readonly basePath?: string;
  /** When set, any other key is refused as Gemini refuses one (400 API_KEY_INVALID). */
  readonly apiKey?: string;
  /** Sign function calls and demand the signatures back; default: models named gemini-3…. */
  readonly signFunctionCalls?: boolean;
  /** The shortest prompt prefix (in tokens) the implicit cache reuses; default 1024. */
  readonly cacheMinTokens?: number;
}

const ROUTE = /^\/([^/]+)\/models\/([^/:]+):streamGenerateContent$/;

/**
 * For tests (ours and yours): a Gemini API server on 127.0.0.1 that streams
 * `models/{model}:streamGenerateContent?alt=sse` the way the real API does (candidates,
 * content parts, finish reasons, usage with implicitly cached tokens), refuses what it
 * refuses (more than five stop sequences, a bad key, Gemini 3 function calls sent back
 * without their thought signatures) and fails the ways it does.
 */
export async function startFakeGemini(script: FakeScript, options: FakeGeminiOptions = {}) {
  const requests: RecordedRequest[] = [];
  const cache = new PromptCache(options.cacheMinTokens ?? 1024);
  const basePath = options.basePath ?? "";
  const server = await startFakeServer((request, reply) => {
    const url = new URL(request.path, "http://fake");
    const inside = url.pathname.startsWith(`${basePath}/`);
    const route = inside ? ROUTE.exec(url.pathname.slice(basePath.length)) : null;
    if (request.method !== "POST" || !route) return notFoundPage(reply, url.pathname);
    const [, apiVersion = "", model = ""] = route;
    const query = Object.fromEntries(url.searchParams);
    const recorded: RecordedRequest = {
      model,
      apiVersion,
      body: jsonObject(request.body),
      apiKey: [request.headers["x-goog-api-key"]].flat()[0] ?? query.key,
      query,
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
    const signs = options.signFunctionCalls ?? model.startsWith("gemini-3");
    const refusal = checkRequest(recorded, { apiKey: options.apiKey, signs });
    if (refusal) return sendError(reply, refusal.httpStatus, refusal.error);
    return respond(nextReply(script, recorded, index), recorded, reply, { signs, cache });
  }, options);
  return {
    /** What GOOGLE_GEMINI_BASE_URL (or `baseURL`) should be: the SDK appends /<version>/models/…. */
    baseURL: `${server.url}${basePath}`,
    /** @deprecated The same as `baseURL`. */
    baseUrl: `${server.url}${basePath}`,
    requests,
    /** Every request as the server saw it, wrong paths included. */
    server,
    close: server.close,
  };
}

function respond(
  reply: FakeReply,
  recorded: RecordedRequest,
  responder: FakeResponder,
  context: { signs: boolean; cache: PromptCache },
) {
  if (answerCommon(reply, responder, "data: {not json at all\r\n\r\n")) return;
  if ("status" in reply) return sendError(responder, reply.status, reply.error, reply.headers);
  if ("blocked" in reply) {
    const chunk = {
      promptFeedback: { blockReason: reply.blocked },
      usageMetadata: { promptTokenCount: 1, totalTokenCount: 1 },
      modelVersion: recorded.model,
    };
    const stream = responder.stream({ "content-type": "text/event-stream" });
    return stream.end(`data: ${JSON.stringify(chunk)}\r\n\r\n`);
  }
  return streamReply(reply, recorded, responder, context);
}

function sendError(
  responder: FakeResponder,
  httpStatus: number,
  error: GeminiErrorBody,
  headers?: FakeHeaders,
) {
  const body = JSON.stringify({ error: { code: httpStatus, ...error } }, null, 2);
  responder.send(httpStatus, body, {
    "content-type": "application/json; charset=UTF-8",
    ...headers,
  });
}

/** What Google's front end answers for a path that is not an API method. */
function notFoundPage(responder: FakeResponder, path: string) {
  responder.send(
    404,
    `<!DOCTYPE html><html lang=en><title>Error 404 (Not Found)!!1</title><p><b>404.</b> <ins>That’s an error.</ins><p>The requested URL <code>${path.replace(/[<>&]/g, "")}</code> was not found on this server.</html>`,
    { "content-type": "text/html; charset=UTF-8" },
  );
}
