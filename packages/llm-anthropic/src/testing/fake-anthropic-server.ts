import {
  answerCommon,
  type FakeHeaders,
  type FakeResponder,
  jsonObject,
  nextReply,
  startFakeServer,
} from "@langchain-mini/core/testing";
import type { FakeScript, RecordedRequest } from "./fake-reply.js";
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
  const server = await startFakeServer(async (request, reply) => {
    const index = requests.length;
    const header = (name: string) => [request.headers[name]].flat()[0];
    const recorded: RecordedRequest = {
      index,
      path: request.path,
      body: jsonObject(request.body),
      headers: {
        authorization: header("authorization"),
        apiKey: header("x-api-key"),
        anthropicVersion: header("anthropic-version"),
      },
      receivedAt: request.receivedAt,
      get closedEarly() {
        return request.closedEarly;
      },
      get eventsSent() {
        return request.piecesSent;
      },
    };
    requests.push(recorded);
    if (request.method !== "POST" || recorded.path.split("?")[0] !== `${basePath}/v1/messages`)
      return sendError(reply, 404, "not_found_error", "Not Found");
    const scripted = nextReply(script, recorded, index);
    if (answerCommon(scripted, reply, "event: message_start\ndata: {not json at all\n\n")) return;
    if ("status" in scripted) {
      const { status, error, headers } = scripted;
      return sendError(reply, status, error.type, error.message, headers);
    }
    const invalid = invalidRequest(recorded.body, options.refuses ?? [], signatures);
    if (invalid) return sendError(reply, 400, "invalid_request_error", invalid);
    recorded.usage = cache.account(recorded.body);
    if (scripted.thinking)
      for (const number of (scripted.toolCalls ?? []).keys())
        signatures.set(toolUseId(index, number), signatureOf(index));
    await streamReply(scripted, recorded, recorded.usage, reply);
  }, options);
  return {
    /** What ANTHROPIC_BASE_URL is set to: the SDK appends /v1/messages. */
    baseURL: `${server.url}${basePath}`,
    requests,
    /** Every request as the server saw it. */
    server,
    close: server.close,
  };
}

function sendError(
  reply: FakeResponder,
  status: number,
  type: string,
  message: string,
  headers?: FakeHeaders,
) {
  reply.json(status, { type: "error", error: { type, message }, request_id: "req_fake" }, headers);
}
