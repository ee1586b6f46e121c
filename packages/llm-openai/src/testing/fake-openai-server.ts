import {
  answerCommon,
  type FakeResponder,
  type FakeServer,
  jsonObject,
  nextReply,
  startFakeServer,
} from "@langchain-mini/core/testing";
import { type CountedPrompt, contextExceeded, promptCounter } from "./context-window.js";
import type { FakeReply, FakeScript, RecordedRequest } from "./fake-reply.js";
import { streamReply } from "./stream-reply.js";

export type { FakeReply, FakeScript, FakeTextReply, RecordedRequest } from "./fake-reply.js";

export interface FakeOpenAiOptions {
  readonly port?: number;
  /** Where the API lives on the server; default `/v1`. A proxy or a gateway may use another. */
  readonly basePath?: string;
  /**
   * A model's context window, kept as OpenAI keeps it: each request's prompt is counted
   * with OpenAI's tokenizer (`gpt-tokenizer`, an optional peer dependency), a prompt
   * whose tokens and `max_tokens` pass it is refused with OpenAI's 400
   * `context_length_exceeded` (without using a reply), and the usage reports the counted
   * prompt tokens, with the prefix shared with the previous request as cached tokens.
   */
  readonly contextWindow?: number;
}

/**
 * For tests (ours and yours): an OpenAI-compatible server on 127.0.0.1 that streams chat
 * completions over SSE the way the real API does (role chunk, content chunks, finish
 * chunk, usage chunk, [DONE]), answers 404 for any other path, and fails the ways it does.
 */
export async function startFakeOpenAi(script: FakeScript, options: FakeOpenAiOptions = {}) {
  const requests: RecordedRequest[] = [];
  const refused: RecordedRequest[] = [];
  const basePath = options.basePath ?? "/v1";
  const window = options.contextWindow;
  const count = window === undefined ? undefined : await promptCounter();
  const server: FakeServer = await startFakeServer((request, reply) => {
    if (request.method !== "POST" || request.path !== `${basePath}/chat/completions`) {
      const message = `Invalid URL (${request.method} ${request.path.split("?")[0]})`;
      return reply.json(404, {
        error: { message, type: "invalid_request_error", param: null, code: null },
      });
    }
    const body = jsonObject(request.body);
    const counted = count?.(body);
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
      ...(counted ? { promptTokens: counted.tokens, cachedTokens: counted.cached } : {}),
    };
    if (window !== undefined && counted) {
      const completion = Number(body.max_tokens ?? body.max_completion_tokens ?? 0);
      if (counted.tokens + completion > window) {
        refused.push(recorded);
        return reply.json(400, contextExceeded(window, counted.tokens, completion));
      }
    }
    const index = requests.length;
    requests.push(recorded);
    return respond(withCount(nextReply(script, recorded, index), counted), body, reply);
  }, options);
  return {
    /** What OPENAI_BASE_URL (or `baseURL`) is set to: the SDK appends /chat/completions. */
    baseURL: `${server.url}${basePath}`,
    requests,
    /** With a `contextWindow`: the requests refused as over it (not in `requests`). */
    refused,
    /** Every request as the server saw it, 404s included. */
    server,
    close: server.close,
  };
}

/** A reply's usage from the counted prompt, unless the script set its own. */
function withCount(reply: FakeReply, counted: CountedPrompt | undefined): FakeReply {
  if (!counted || !("text" in reply) || reply.cachedTokens !== undefined) return reply;
  return { ...reply, promptTokens: counted.tokens, cachedTokens: counted.cached };
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
