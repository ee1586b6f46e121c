import {
  cutAtStop,
  type FakeResponder,
  piecesOf,
  sseEvent,
  streamPieces,
} from "@langchain-mini/core/testing";
import type { FakeTextReply } from "./fake-reply.js";

/** Streams one reply as OpenAI's SSE: the same chunk shapes, in the same order. */
export async function streamReply(
  reply: FakeTextReply,
  body: Record<string, unknown>,
  responder: FakeResponder,
) {
  const stops = (Array.isArray(body.stop) ? body.stop : body.stop ? [body.stop] : []) as string[];
  const text = reply.honourStop === false ? reply.text : cutAtStop(reply.text, stops).text;
  const stream = responder.stream({
    "content-type": "text/event-stream",
    "cache-control": "no-cache",
  });
  const base = {
    id: "chatcmpl-fake",
    object: "chat.completion.chunk",
    created: 1,
    model: String(body.model),
  };
  const send = (payload: unknown) => stream.write(sseEvent(payload));
  const delta = (content: Record<string, unknown>, finish: string | null = null) =>
    send({ ...base, choices: [{ index: 0, delta: content, finish_reason: finish }] });

  delta({ role: "assistant", content: "" });
  const content = reply.content !== undefined && delta({ content: reply.content });
  const size = reply.chunkSize ?? 6;
  const error = { message: "The server had an error while processing your request." };
  const streamed = await streamPieces(stream, piecesOf(text, size), reply, {
    sent: content ? 2 : 1,
    errorEvent: sseEvent({ error }),
    write: (piece) => delta({ content: piece }),
  });
  if (!streamed) return;
  // As OpenAI does: the id and name first, then the arguments in pieces.
  for (const [index, call] of (reply.toolCalls ?? []).entries()) {
    const opening = { index, id: `call_${index}`, type: "function" };
    delta({ tool_calls: [{ ...opening, function: { name: call.name, arguments: "" } }] });
    for (const piece of piecesOf(call.arguments, size))
      delta({ tool_calls: [{ index, function: { arguments: piece } }] });
  }
  delta({}, reply.toolCalls?.length ? "tool_calls" : "stop");
  const counted = {
    prompt_tokens: reply.promptTokens ?? Math.ceil(JSON.stringify(body.messages).length / 4),
    completion_tokens: Math.ceil(text.length / 4),
    total_tokens: 0,
    ...(reply.cachedTokens === undefined
      ? {}
      : { prompt_tokens_details: { cached_tokens: reply.cachedTokens } }),
  };
  send({ ...base, choices: [], usage: "usage" in reply ? reply.usage : counted });
  stream.end("data: [DONE]\n\n");
}
