import type { UiMessageChunk } from "./ui-message-chunk.js";

/**
 * The response headers of a UI message stream: the AI SDK's client checks the protocol
 * header, and proxies must not buffer it. Unlike the AI SDK's own list this leaves out
 * `connection: keep-alive`, a hop-by-hop header that HTTP/2 forbids (Node's http2 throws).
 */
export const UI_MESSAGE_STREAM_HEADERS: Readonly<Record<string, string>> = {
  "content-type": "text/event-stream",
  "cache-control": "no-cache",
  "x-vercel-ai-ui-message-stream": "v1",
  "x-accel-buffering": "no",
};

/** The last event of a UI message stream. */
export const UI_MESSAGE_STREAM_DONE = "data: [DONE]\n\n";

/**
 * The server-sent events of one run event's chunks: `data: <json>` each. JSON keeps each
 * on one line (it escapes line breaks), and a model's `</script>` or escape sequences
 * stay text for the page to draw as text. `eventId`, the run event's place in its feed,
 * goes on the last of them only, so that a client reconnecting with `Last-Event-ID` has
 * had all of that event's chunks; an event without chunks gives no text.
 */
export function uiMessageSse(chunks: readonly UiMessageChunk[], eventId?: number): string {
  let text = "";
  for (const [index, chunk] of chunks.entries()) {
    const id = eventId !== undefined && index === chunks.length - 1 ? `id: ${eventId}\n` : "";
    text += `${id}data: ${JSON.stringify(chunk)}\n\n`;
  }
  return text;
}
