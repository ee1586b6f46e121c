import {
  answerCommon,
  type FakeCommonReply,
  type FakeResponder,
  type FakeServer,
  type FakeStreamOptions,
  jsonObject,
  piecesOf,
  startFakeServer,
  streamPieces,
} from "@langchain-mini/core/testing";

/** What the fake answers one request with, whichever endpoint it went to. */
export type FakeOllamaReply =
  /** Text: `response` pieces from /api/generate, `message.content` pieces from /api/chat. */
  | string
  /**
   * Text and tool calls, streamed as the options say; without a chunk size, in two lines
   * written in two writes that cut a line in two.
   */
  | FakeOllamaStream
  /** An HTTP error with Ollama's JSON body, e.g. 404 and "model 'x' not found". */
  | { readonly status: number; readonly error: string }
  /** Exactly these lines. */
  | { readonly lines: readonly object[] }
  /** Never answer, a line that is not JSON, or any body, e.g. a proxy's sign-in page. */
  | FakeCommonReply;

/** Text and tool calls (from /api/chat); the pieces are NDJSON lines. */
export interface FakeOllamaStream extends Omit<FakeStreamOptions, "honourStop" | "usage"> {
  readonly text?: string;
  readonly toolCalls?: readonly FakeToolCall[];
}

export interface FakeToolCall {
  readonly name: string;
  readonly arguments: Record<string, unknown>;
}

export interface FakeOllama {
  /** For OLLAMA_HOST. */
  readonly host: string;
  /** Every request, in order: its path and JSON body. */
  readonly requests: { readonly path: string; readonly body: Record<string, unknown> }[];
  /** Every request as the server saw it, with what it saw of the reply. */
  readonly server: FakeServer;
  close(): Promise<void>;
}

/**
 * Ollama's native API on 127.0.0.1 for offline tests: the n-th request gets the n-th
 * reply (or what `replies` gives request n, from 0), streamed as NDJSON, then the `done`
 * line with 12 prompt tokens and 3 completion tokens.
 */
export async function startFakeOllama(
  replies: readonly FakeOllamaReply[] | ((index: number) => FakeOllamaReply),
): Promise<FakeOllama> {
  const requests: FakeOllama["requests"] = [];
  const server = await startFakeServer(async (request, responder) => {
    requests.push({ path: request.path, body: jsonObject(request.body) });
    const reply =
      typeof replies === "function" ? replies(request.index) : replies[requests.length - 1];
    if (reply === undefined) {
      const error = `the fake has no reply for request ${requests.length}`;
      responder.send(500, JSON.stringify({ error }));
    } else if (typeof reply === "string") {
      await send(responder, { text: reply }, linesOf(reply, request.path, requests.length));
    } else if (answerCommon(reply, responder, "{not json at all\n")) {
      return;
    } else if ("status" in reply) {
      responder.send(reply.status, JSON.stringify({ error: reply.error }));
    } else if ("lines" in reply) {
      await send(responder, {}, reply.lines);
    } else {
      await send(responder, reply, linesOf(reply, request.path, requests.length));
    }
  });
  return { host: server.url.replace("http://", ""), requests, server, close: server.close };
}

function linesOf(reply: string | FakeOllamaStream, path: string, request: number) {
  const chat = path === "/api/chat";
  const {
    text = "",
    toolCalls: calls = [],
    chunkSize,
  } = typeof reply === "string" ? { text: reply } : reply;
  const middle = Math.ceil(text.length / 2);
  const pieces = chunkSize
    ? piecesOf(text, chunkSize)
    : [text.slice(0, middle), text.slice(middle)];
  const lines: object[] = pieces
    .filter(Boolean)
    .map((piece) =>
      chat
        ? { message: { role: "assistant", content: piece }, done: false }
        : { response: piece, done: false },
    );
  if (calls.length > 0) {
    const tool_calls = calls.map((call, index) => ({
      id: `call_${request}${index}`,
      function: { index, name: call.name, arguments: call.arguments },
    }));
    lines.push({ message: { role: "assistant", content: "", tool_calls }, done: false });
  }
  const last = { done: true, done_reason: "stop", prompt_eval_count: 12, eval_count: 3 };
  lines.push(
    chat ? { message: { role: "assistant", content: "" }, ...last } : { response: "", ...last },
  );
  return lines;
}

async function send(responder: FakeResponder, plan: FakeOllamaStream, lines: readonly object[]) {
  const stream = responder.stream({ "content-type": "application/x-ndjson" });
  const lineTexts = lines.map((line) => `${JSON.stringify(line)}\n`);
  const body = lineTexts.join("");
  const cut = Math.floor(body.length / 2);
  const planned = plan.chunkSize || plan.chunkDelayMs || plan.disconnectAfter !== undefined;
  const writes = planned ? lineTexts : [body.slice(0, cut), body.slice(cut)];
  const paced = planned ? plan : { chunkDelayMs: 5 };
  const whole = await streamPieces(stream, writes, paced, {
    errorEvent: "",
    write: (piece) => stream.write(piece),
  });
  if (whole) stream.end();
}
