import {
  cutAtStop,
  type FakeResponder,
  pause,
  piecesOf,
  sseEvent,
  streamPieces,
} from "@langchain-mini/core/testing";
import type { FakeTextReply, RecordedRequest } from "./fake-reply.js";
import { type CacheAccount, countTokens } from "./prompt-cache.js";

/**
 * Streams one reply as the Messages API does: `message_start`, then per content block
 * `content_block_start`, deltas and `content_block_stop` (a `ping` after the first
 * start), then `message_delta` with the stop reason and cumulative usage, `message_stop`.
 */
export async function streamReply(
  reply: FakeTextReply,
  recorded: RecordedRequest,
  account: CacheAccount,
  responder: FakeResponder,
) {
  const { body } = recorded;
  const stops = Array.isArray(body.stop_sequences) ? (body.stop_sequences as string[]) : [];
  const { text, stop: stopSequence } =
    reply.honourStop === false
      ? { text: reply.text ?? "", stop: null }
      : cutAtStop(reply.text ?? "", stops);
  const stream = responder.stream({
    "content-type": "text/event-stream",
    "cache-control": "no-cache",
  });
  const send = (type: string, payload: Record<string, unknown>) =>
    stream.write(sseEvent({ type, ...payload }, type));
  const size = reply.chunkSize ?? 6;
  const message = {
    id: `msg_fake_${recorded.index}`,
    type: "message",
    role: "assistant",
    content: [],
    model: String(body.model),
    stop_reason: null,
    stop_sequence: null,
    usage: { ...account, output_tokens: 1 },
  };
  send("message_start", { message });
  let index = 0;
  const open = (start: Record<string, unknown>) => {
    send("content_block_start", { index, content_block: start });
    if (index === 0) send("ping", {});
  };
  const block = async (start: Record<string, unknown>, deltas: Record<string, unknown>[]) => {
    open(start);
    for (const delta of deltas) {
      if (reply.chunkDelayMs) await pause(reply.chunkDelayMs);
      if (!send("content_block_delta", { index, delta })) return false;
    }
    send("content_block_stop", { index: index++ });
    return true;
  };
  if (reply.thinking) {
    const deltas = piecesOf(reply.thinking, size).map((thinking) => ({
      type: "thinking_delta",
      thinking,
    }));
    const signature = { type: "signature_delta", signature: signatureOf(recorded.index) };
    await block({ type: "thinking", thinking: "", signature: "" }, [...deltas, signature]);
  }
  if (reply.content !== undefined) {
    await block({ type: "text", text: "" }, [{ type: "text_delta", text: reply.content }]);
  }
  if (text) {
    open({ type: "text", text: "" });
    const error = { type: "overloaded_error", message: "Overloaded" };
    const streamed = await streamPieces(stream, piecesOf(text, size), reply, {
      errorEvent: sseEvent({ type: "error", error }, "error"),
      write: (piece) =>
        send("content_block_delta", { index, delta: { type: "text_delta", text: piece } }),
    });
    if (!streamed) return;
    send("content_block_stop", { index: index++ });
  }
  const calls = reply.toolCalls ?? [];
  for (const [number, call] of calls.entries()) {
    const id = toolUseId(recorded.index, number);
    const deltas = ["", ...piecesOf(call.arguments, size)].map((partial_json) => ({
      type: "input_json_delta",
      partial_json,
    }));
    if (!(await block({ type: "tool_use", id, name: call.name, input: {} }, deltas))) return;
  }
  const output = countTokens(
    (reply.thinking ?? "") + text + calls.map((call) => call.arguments).join(""),
  );
  const stopReason = calls.length
    ? "tool_use"
    : stopSequence !== null
      ? "stop_sequence"
      : "end_turn";
  const counted = { ...account, output_tokens: Math.max(1, output) };
  send("message_delta", {
    delta: { stop_reason: stopReason, stop_sequence: stopSequence },
    usage: "usage" in reply ? reply.usage : counted,
  });
  send("message_stop", {});
  stream.end();
}

export function toolUseId(requestIndex: number, call: number) {
  return `toolu_fake_${requestIndex}_${call}`;
}

export function signatureOf(requestIndex: number) {
  return `sig_fake_${requestIndex}`;
}
