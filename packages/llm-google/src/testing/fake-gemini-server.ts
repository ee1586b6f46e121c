import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
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
  const server = createServer(async (request, response) => {
    const url = new URL(request.url ?? "/", "http://fake");
    const inside = url.pathname.startsWith(`${basePath}/`);
    const route = inside ? ROUTE.exec(url.pathname.slice(basePath.length)) : null;
    const text = await readBody(request);
    if (request.method !== "POST" || !route) return notFoundPage(response, url.pathname);
    const [, apiVersion = "", model = ""] = route;
    const query = Object.fromEntries(url.searchParams);
    const recorded: RecordedRequest = {
      model,
      apiVersion,
      body: parseObject(text),
      apiKey: header(request, "x-goog-api-key") ?? query.key,
      query,
      receivedAt: performance.now(),
      closedEarly: false,
      chunksSent: 0,
    };
    const index = requests.length;
    requests.push(recorded);
    const signs = options.signFunctionCalls ?? model.startsWith("gemini-3");
    const refusal = checkRequest(recorded, { apiKey: options.apiKey, signs });
    if (refusal) return sendError(response, refusal.httpStatus, refusal.error);
    const reply =
      typeof script === "function"
        ? script(recorded, index)
        : (script[Math.min(index, script.length - 1)] as FakeReply);
    await respond(reply, recorded, response, { signs, cache });
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  const baseURL = `http://127.0.0.1:${port}${basePath}`;
  return {
    /** What GOOGLE_GEMINI_BASE_URL (or `baseURL`) should be: the SDK appends /<version>/models/…. */
    baseURL,
    /** @deprecated The same as `baseURL`. */
    baseUrl: baseURL,
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
  recorded: RecordedRequest,
  response: ServerResponse,
  context: { signs: boolean; cache: PromptCache },
) {
  if ("hang" in reply) return;
  if ("status" in reply) return sendError(response, reply.status, reply.error, reply.headers);
  if ("malformed" in reply) {
    response.writeHead(200, { "content-type": "text/event-stream" });
    response.end("data: {not json at all\r\n\r\n");
    return;
  }
  if ("raw" in reply) {
    response.writeHead(200, { "content-type": reply.contentType });
    response.end(reply.raw);
    return;
  }
  if ("blocked" in reply) {
    const chunk = {
      promptFeedback: { blockReason: reply.blocked },
      usageMetadata: { promptTokenCount: 1, totalTokenCount: 1 },
      modelVersion: recorded.model,
    };
    response.writeHead(200, { "content-type": "text/event-stream" });
    response.end(`data: ${JSON.stringify(chunk)}\r\n\r\n`);
    return;
  }
  return streamReply(reply, recorded, response, context);
}

function sendError(
  response: ServerResponse,
  httpStatus: number,
  error: GeminiErrorBody,
  headers: Readonly<Record<string, string>> = {},
) {
  response.writeHead(httpStatus, { "content-type": "application/json; charset=UTF-8", ...headers });
  response.end(JSON.stringify({ error: { code: httpStatus, ...error } }, null, 2));
}

/** What Google's front end answers for a path that is not an API method. */
function notFoundPage(response: ServerResponse, path: string) {
  response.writeHead(404, { "content-type": "text/html; charset=UTF-8" });
  response.end(
    `<!DOCTYPE html><html lang=en><title>Error 404 (Not Found)!!1</title><p><b>404.</b> <ins>That’s an error.</ins><p>The requested URL <code>${path.replace(/[<>&]/g, "")}</code> was not found on this server.</html>`,
  );
}

function header(request: IncomingMessage, name: string) {
  const value = request.headers[name];
  return Array.isArray(value) ? value[0] : value;
}

function parseObject(text: string): Record<string, unknown> {
  try {
    const parsed: unknown = JSON.parse(text);
    return typeof parsed === "object" && parsed !== null ? (parsed as Record<string, unknown>) : {};
  } catch {
    return {};
  }
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
