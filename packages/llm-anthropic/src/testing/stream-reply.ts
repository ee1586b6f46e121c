import type { ServerResponse } from "node:http";
import type { FakeTextReply, RecordedRequest } from "./fake-reply.js";
import { type CacheAccount, countTokens } from "./prompt-cache.js";

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The reply's text up to the first stop sequence the request names, as the API cuts it. */
export function cutAtStop(text: string, stops: readonly string[]) {
  let cut = text.length;
  let stopSequence: string | null = null;
  for (const stop of stops) {
    const index = text.indexOf(stop);
    if (index !== -1 && index < cut) {
      cut = index;
      stopSequence = stop;
    }
  }
  return { text: text.slice(0, cut), stopSequence };
}

/**
 * Streams one reply as the Messages API does: `message_start`, then per content block
 * `content_block_start`, deltas and `content_block_stop` (a `ping` after the first
 * start), then `message_delta` with the stop reason and cumulative usage, `message_stop`.
 */
export async function streamReply(
  reply: FakeTextReply,
  body: Record<string, unknown>,
  account: CacheAccount,
  response: ServerResponse,
  recorded: RecordedRequest,
) {
  const stops = Array.isArray(body.stop_sequences) ? (body.stop_sequences as string[]) : [];
  const { text, stopSequence } =
    reply.honourStop === false
      ? { text: reply.text ?? "", stopSequence: null }
      : cutAtStop(reply.text ?? "", stops);
  response.on("close", () => {
    if (!response.writableFinished) recorded.closedEarly = true;
  });
  response.writeHead(200, { "content-type": "text/event-stream", "cache-control": "no-cache" });
  const send = (type: string, payload: Record<string, unknown>) => {
    if (response.destroyed) return false;
    response.write(`event: ${type}\ndata: ${JSON.stringify({ type, ...payload })}\n\n`);
    recorded.eventsSent++;
    return true;
  };
  const size = reply.chunkSize ?? 6;
  const pieces = (value: string) => {
    const list: string[] = [];
    for (let start = 0; start < value.length; start += size)
      list.push(value.slice(start, start + size));
    return list;
  };
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
  const block = async (start: Record<string, unknown>, deltas: Record<string, unknown>[]) => {
    send("content_block_start", { index, content_block: start });
    if (index === 0) send("ping", {});
    for (const delta of deltas) {
      if (reply.chunkDelayMs) await pause(reply.chunkDelayMs);
      if (!send("content_block_delta", { index, delta })) return false;
    }
    send("content_block_stop", { index });
    index++;
    return true;
  };
  if (reply.thinking) {
    const deltas = pieces(reply.thinking).map((thinking) => ({ type: "thinking_delta", thinking }));
    const signature = { type: "signature_delta", signature: signatureOf(recorded.index) };
    await block({ type: "thinking", thinking: "", signature: "" }, [...deltas, signature]);
  }
  if (reply.content !== undefined) {
    await block({ type: "text", text: "" }, [{ type: "text_delta", text: reply.content }]);
  }
  if (text) {
    send("content_block_start", { index, content_block: { type: "text", text: "" } });
    if (index === 0) send("ping", {});
    let sent = 0;
    for (const piece of pieces(text)) {
      if (sent === reply.disconnectAfter) {
        // Let what was written reach the client first: the break must come mid-reply.
        await pause(30);
        response.socket?.destroy();
        return;
      }
      if (sent === reply.errorEventAfter) {
        const error = { type: "overloaded_error", message: "Overloaded" };
        response.end(`event: error\ndata: ${JSON.stringify({ type: "error", error })}\n\n`);
        return;
      }
      if (reply.chunkDelayMs) await pause(reply.chunkDelayMs);
      if (!send("content_block_delta", { index, delta: { type: "text_delta", text: piece } }))
        return;
      sent++;
    }
    send("content_block_stop", { index });
    index++;
  }
  const calls = reply.toolCalls ?? [];
  for (const [number, call] of calls.entries()) {
    const id = toolUseId(recorded.index, number);
    const deltas = ["", ...pieces(call.arguments)].map((partial_json) => ({
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
  response.end();
}

export function toolUseId(requestIndex: number, call: number) {
  return `toolu_fake_${requestIndex}_${call}`;
}

export function signatureOf(requestIndex: number) {
  return `sig_fake_${requestIndex}`;
}
