import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import type { FakeReply, FakeScript, RecordedRequest } from "./fake-reply.js";
import { FakePromptCache } from "./prompt-cache.js";
import { type FakeRefusal, invalidRequest } from "./request-checks.js";
import { signatureOf, streamReply, toolUseId } from "./stream-reply.js";

export type { FakeReply, FakeScript, FakeTextReply, RecordedRequest } from "./fake-reply.js";

export interface FakeAnthropicOptions {
  readonly port?: number;
  /** Where the API lives on the server, before its `/v1/messages`; default none. A proxy's may be `/anthropic`. */
  readonly basePath?: string;
  /** What the served model answers 400 to, as Claude 4.6 and later do for prefills. */
  readonly refuses?: readonly FakeRefusal[];
  /** The smallest prefix the prompt cache stores; default 1024 tokens, as for Claude Sonnet. */
  readonly minCacheTokens?: number;
}

/**
 * For tests (ours and yours): a Messages API server on 127.0.0.1 that streams the way
 * Anthropic's does (named SSE events in the API's order, stop sequences, tool_use and
 * thinking blocks, cumulative usage with a prompt cache), checks requests by the API's
 * rules, fails the ways it does, records every request and sees clients disconnect.
 */
export async function startFakeAnthropic(script: FakeScript, options: FakeAnthropicOptions = {}) {
  const requests: RecordedRequest[] = [];
  const cache = new FakePromptCache(options.minCacheTokens ?? 1024);
  const signatures = new Map<string, string>();
  const basePath = options.basePath ?? "";
  const server = createServer(async (request, response) => {
    const text = await readBody(request);
    const index = requests.length;
    const recorded: RecordedRequest = {
      index,
      path: request.url ?? "",
      body: parseJson(text),
      headers: {
        authorization: header(request, "authorization"),
        apiKey: header(request, "x-api-key"),
        anthropicVersion: header(request, "anthropic-version"),
      },
      receivedAt: performance.now(),
      closedEarly: false,
      eventsSent: 0,
    };
    requests.push(recorded);
    if (request.method !== "POST" || recorded.path.split("?")[0] !== `${basePath}/v1/messages`)
      return sendError(response, 404, "not_found_error", "Not Found");
    const reply =
      typeof script === "function"
        ? script(recorded, index)
        : (script[Math.min(index, script.length - 1)] as FakeReply);
    if ("hang" in reply) return;
    if ("status" in reply)
      return sendError(
        response,
        reply.status,
        reply.error.type,
        reply.error.message,
        reply.headers,
      );
    if ("raw" in reply) {
      response.writeHead(200, { "content-type": reply.contentType });
      return response.end(reply.raw);
    }
    if ("malformed" in reply) {
      response.writeHead(200, { "content-type": "text/event-stream" });
      return response.end("event: message_start\ndata: {not json at all\n\n");
    }
    const invalid = invalidRequest(recorded.body, options.refuses ?? [], signatures);
    if (invalid) return sendError(response, 400, "invalid_request_error", invalid);
    recorded.usage = cache.account(recorded.body);
    if (reply.thinking)
      for (const number of (reply.toolCalls ?? []).keys())
        signatures.set(toolUseId(index, number), signatureOf(index));
    await streamReply(reply, recorded.body, recorded.usage, response, recorded);
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    /** What ANTHROPIC_BASE_URL is set to: the SDK appends /v1/messages. */
    baseURL: `http://127.0.0.1:${port}${basePath}`,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

function sendError(
  response: ServerResponse,
  status: number,
  type: string,
  message: string,
  headers: Readonly<Record<string, string>> = {},
) {
  response.writeHead(status, { "content-type": "application/json", ...headers });
  response.end(JSON.stringify({ type: "error", error: { type, message }, request_id: "req_fake" }));
}

function header(request: IncomingMessage, name: string) {
  const value = request.headers[name];
  return Array.isArray(value) ? value[0] : value;
}

function parseJson(text: string): Record<string, unknown> {
  try {
    const value: unknown = JSON.parse(text);
    return typeof value === "object" && value !== null ? (value as Record<string, unknown>) : {};
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
