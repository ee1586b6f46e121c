import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

/** What the fake does for one request. */
export type FakeReply =
  | {
      readonly text: string;
      readonly chunkSize?: number;
      /** Pause between SSE chunks. */
      readonly chunkDelayMs?: number;
      /** Cut at the request's `stop` like the real API (default true). */
      readonly honourStop?: boolean;
      /** Close the socket after this many chunks, without [DONE]. */
      readonly disconnectAfter?: number;
      readonly toolCalls?: readonly { readonly name: string; readonly arguments: string }[];
    }
  | {
      readonly status: number;
      readonly error: { message: string; type?: string; param?: string; code?: string };
    }
  | { readonly rejectStop: true }
  | { readonly hang: true }
  | { readonly malformed: true };

export interface RecordedRequest {
  readonly body: Record<string, unknown>;
  readonly authorization: string | undefined;
  /** True when the client closed the connection before the reply was fully sent. */
  closedEarly: boolean;
  /** Chunks written before the client went away. */
  chunksSent: number;
}

/**
 * For tests (ours and yours): an OpenAI-compatible server on 127.0.0.1 that streams chat completions over SSE the
 * way the real API does (role chunk, content chunks, finish chunk, usage chunk, [DONE]).
 * Replies are consumed in order; the last one repeats.
 */
export async function startFakeOpenAi(replies: readonly FakeReply[]) {
  const requests: RecordedRequest[] = [];
  const server = createServer(async (request, response) => {
    const body = JSON.parse(await readBody(request)) as Record<string, unknown>;
    const recorded: RecordedRequest = {
      body,
      authorization: request.headers.authorization,
      closedEarly: false,
      chunksSent: 0,
    };
    const reply = replies[Math.min(requests.length, replies.length - 1)] as FakeReply;
    requests.push(recorded);
    await respond(reply, body, response, recorded);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
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

async function respond(
  reply: FakeReply,
  body: Record<string, unknown>,
  response: ServerResponse,
  recorded: RecordedRequest,
) {
  if ("hang" in reply) return;
  if ("status" in reply)
    return sendJson(response, reply.status, { error: reply.error }, { "retry-after-ms": "5" });
  if ("rejectStop" in reply) {
    if (body.stop !== undefined) {
      return sendJson(response, 400, {
        error: {
          message: "Unsupported parameter: 'stop' is not supported with this model.",
          type: "invalid_request_error",
          param: "stop",
          code: "unsupported_parameter",
        },
      });
    }
    return streamText(
      {
        text: " I will use the calculator\nAction: calculator\nAction Input: 2+2\nObservation: 4\nThought: done\nFinal Answer: 4",
        chunkSize: 4,
        chunkDelayMs: 5,
        honourStop: false,
      },
      body,
      response,
      recorded,
    );
  }
  if ("malformed" in reply) {
    response.writeHead(200, { "content-type": "text/event-stream" });
    response.end("data: {not json at all\n\ndata: [DONE]\n\n");
    return;
  }
  return streamText(reply, body, response, recorded);
}

async function streamText(
  reply: Extract<FakeReply, { text: string }>,
  body: Record<string, unknown>,
  response: ServerResponse,
  recorded: RecordedRequest,
) {
  const stops = (Array.isArray(body.stop) ? body.stop : body.stop ? [body.stop] : []) as string[];
  let text = reply.text;
  if (reply.honourStop !== false) {
    for (const stop of stops) {
      const index = text.indexOf(stop);
      if (index !== -1) text = text.slice(0, index);
    }
  }
  response.on("close", () => {
    if (!response.writableFinished) recorded.closedEarly = true;
  });
  response.writeHead(200, { "content-type": "text/event-stream", "cache-control": "no-cache" });
  const base = {
    id: "chatcmpl-fake",
    object: "chat.completion.chunk",
    created: 1,
    model: String(body.model),
  };
  const send = (payload: unknown) => {
    if (response.destroyed) return false;
    response.write(`data: ${JSON.stringify(payload)}\n\n`);
    recorded.chunksSent++;
    return true;
  };
  send({
    ...base,
    choices: [{ index: 0, delta: { role: "assistant", content: "" }, finish_reason: null }],
  });
  const size = reply.chunkSize ?? 6;
  for (let start = 0; start < text.length; start += size) {
    if (reply.disconnectAfter !== undefined && recorded.chunksSent >= reply.disconnectAfter) {
      // Let what was written reach the client first: the break must come mid-reply.
      await new Promise((resolve) => setTimeout(resolve, 30));
      response.socket?.destroy();
      return;
    }
    if (reply.chunkDelayMs) await new Promise((resolve) => setTimeout(resolve, reply.chunkDelayMs));
    if (
      !send({
        ...base,
        choices: [
          { index: 0, delta: { content: text.slice(start, start + size) }, finish_reason: null },
        ],
      })
    )
      return;
  }
  for (const [index, call] of (reply.toolCalls ?? []).entries()) {
    send({
      ...base,
      choices: [
        {
          index: 0,
          delta: {
            tool_calls: [
              {
                index,
                id: `call_${index}`,
                type: "function",
                function: { name: call.name, arguments: call.arguments },
              },
            ],
          },
          finish_reason: null,
        },
      ],
    });
  }
  const finish = reply.toolCalls?.length ? "tool_calls" : "stop";
  send({ ...base, choices: [{ index: 0, delta: {}, finish_reason: finish }] });
  const promptTokens = Math.ceil(JSON.stringify(body.messages).length / 4);
  send({
    ...base,
    choices: [],
    usage: {
      prompt_tokens: promptTokens,
      completion_tokens: Math.ceil(text.length / 4),
      total_tokens: 0,
    },
  });
  response.end("data: [DONE]\n\n");
}

function sendJson(
  response: ServerResponse,
  status: number,
  payload: unknown,
  headers: Record<string, string> = {},
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
