import type { ServerResponse } from "node:http";
import type { FakeTextReply, RecordedRequest } from "./fake-reply.js";

/** Streams one reply as OpenAI's SSE: the same chunk shapes, in the same order. */
export async function streamReply(
  reply: FakeTextReply,
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
  const delta = (content: Record<string, unknown>, finish: string | null = null) =>
    send({ ...base, choices: [{ index: 0, delta: content, finish_reason: finish }] });

  delta({ role: "assistant", content: "" });
  if (reply.content !== undefined) delta({ content: reply.content });
  const size = reply.chunkSize ?? 6;
  for (let start = 0; start < text.length; start += size) {
    if (recorded.chunksSent === reply.disconnectAfter) {
      // Let what was written reach the client first: the break must come mid-reply.
      await new Promise((resolve) => setTimeout(resolve, 30));
      response.socket?.destroy();
      return;
    }
    if (recorded.chunksSent === reply.errorEventAfter) {
      const error = { message: "The server had an error while processing your request." };
      response.end(`data: ${JSON.stringify({ error })}\n\n`);
      return;
    }
    if (reply.chunkDelayMs) await new Promise((resolve) => setTimeout(resolve, reply.chunkDelayMs));
    if (!delta({ content: text.slice(start, start + size) })) return;
  }
  // As OpenAI does: the id and name first, then the arguments in pieces.
  for (const [index, call] of (reply.toolCalls ?? []).entries()) {
    const opening = { index, id: `call_${index}`, type: "function" };
    delta({ tool_calls: [{ ...opening, function: { name: call.name, arguments: "" } }] });
    for (let start = 0; start < call.arguments.length; start += size) {
      const piece = call.arguments.slice(start, start + size);
      delta({ tool_calls: [{ index, function: { arguments: piece } }] });
    }
  }
  delta({}, reply.toolCalls?.length ? "tool_calls" : "stop");
  const counted = {
    prompt_tokens: Math.ceil(JSON.stringify(body.messages).length / 4),
    completion_tokens: Math.ceil(text.length / 4),
    total_tokens: 0,
    ...(reply.cachedTokens === undefined
      ? {}
      : { prompt_tokens_details: { cached_tokens: reply.cachedTokens } }),
  };
  send({ ...base, choices: [], usage: "usage" in reply ? reply.usage : counted });
  response.end("data: [DONE]\n\n");
}
