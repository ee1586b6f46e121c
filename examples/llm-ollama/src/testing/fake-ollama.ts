import { createServer, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

/** What the fake answers one request with, whichever endpoint it went to. */
export type FakeOllamaReply =
  /** Text: `response` pieces from /api/generate, `message.content` pieces from /api/chat. */
  | string
  /** Text and tool calls, from /api/chat. */
  | {
      readonly text?: string;
      readonly toolCalls: readonly FakeToolCall[];
    }
  /** An HTTP error with Ollama's JSON body, e.g. 404 and "model 'x' not found". */
  | { readonly status: number; readonly error: string }
  /** Exactly these lines; `keepOpen` leaves the response unfinished (for cancelling). */
  | { readonly lines: readonly object[]; readonly keepOpen?: boolean };

export interface FakeToolCall {
  readonly name: string;
  readonly arguments: Record<string, unknown>;
}

export interface FakeOllama {
  /** For OLLAMA_HOST. */
  readonly host: string;
  /** Every request, in order: its path and JSON body. */
  readonly requests: { readonly path: string; readonly body: Record<string, unknown> }[];
  close(): Promise<void>;
}

/**
 * Ollama's native API on 127.0.0.1 for offline tests: the n-th request gets the n-th
 * reply, streamed as NDJSON in two network writes with a line cut between them, then
 * the `done` line with 12 prompt tokens and 3 completion tokens.
 */
export async function startFakeOllama(replies: readonly FakeOllamaReply[]): Promise<FakeOllama> {
  const requests: FakeOllama["requests"] = [];
  const server = createServer(async (request, response) => {
    let text = "";
    for await (const chunk of request) text += chunk;
    const path = request.url ?? "/";
    requests.push({ path, body: JSON.parse(text) as Record<string, unknown> });
    const reply = replies[requests.length - 1];
    if (reply === undefined) {
      const error = `the fake has no reply for request ${requests.length}`;
      response.writeHead(500).end(JSON.stringify({ error }));
    } else if (typeof reply === "object" && "status" in reply) {
      response.writeHead(reply.status).end(JSON.stringify({ error: reply.error }));
    } else if (typeof reply === "object" && "lines" in reply) {
      send(response, reply.lines, reply.keepOpen);
    } else {
      send(response, linesOf(reply, path === "/api/chat", requests.length));
    }
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    host: `127.0.0.1:${port}`,
    requests,
    close: () => {
      server.closeAllConnections();
      return new Promise((resolve) => server.close(() => resolve()));
    },
  };
}

function linesOf(
  reply: string | { text?: string; toolCalls: readonly FakeToolCall[] },
  chat: boolean,
  request: number,
) {
  const text = typeof reply === "string" ? reply : (reply.text ?? "");
  const middle = Math.ceil(text.length / 2);
  const pieces = [text.slice(0, middle), text.slice(middle)].filter(Boolean);
  const lines: object[] = pieces.map((piece) =>
    chat
      ? { message: { role: "assistant", content: piece }, done: false }
      : { response: piece, done: false },
  );
  const calls = typeof reply === "string" ? [] : reply.toolCalls;
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

function send(response: ServerResponse, lines: readonly object[], keepOpen = false) {
  const body = lines.map((line) => `${JSON.stringify(line)}\n`).join("");
  const cut = Math.floor(body.length / 2);
  response.writeHead(200, { "content-type": "application/x-ndjson" });
  response.write(body.slice(0, cut));
  setTimeout(() => (keepOpen ? response.write(body.slice(cut)) : response.end(body.slice(cut))), 5);
}
