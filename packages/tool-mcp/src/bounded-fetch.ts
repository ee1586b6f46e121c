import type { FetchLike, RequestId } from "@modelcontextprotocol/client";
import { FrameBuffer, type Oversized } from "./frame-buffer.js";
import { limitEvents } from "./sse-limit.js";
import { MAX_MESSAGE, type SentRequests, standIn } from "./stand-in.js";

/** Of an error reply, what is read: enough for what it says. */
const MAX_ERROR_BODY = 16_384;

/**
 * `fetch` for the SDK's HTTP transports with every reply read within MAX_MESSAGE: an
 * event stream event by event, a JSON body whole; an error's body within MAX_ERROR_BODY.
 * A server that sends without end costs bounded memory, and its reply is cut with a note.
 */
export function boundedFetch(
  requests: SentRequests,
  onLog: (line: string) => void,
  base: FetchLike = fetch,
): FetchLike {
  return async (url, init) => {
    const sent = messagesIn(init?.body);
    for (const message of sent) requests.record(message);
    // A POST of one request is answered in its own response: a reply there is that request's.
    const requestId = sent.length === 1 ? idOf(sent[0]) : undefined;
    const response = await base(url, init);
    if (!response.body) return response;
    const cut = (data: Oversized) => standIn(data, requests, requestId);
    const dropped = () => onLog(`(a message over ${MAX_MESSAGE} characters was dropped)`);
    let body: ReadableStream<Uint8Array>;
    if (!response.ok) body = response.body.pipeThrough(firstBytes(MAX_ERROR_BODY));
    else {
      const limit =
        mediaType(response) === "text/event-stream"
          ? limitEvents({
              standIn: cut,
              endAfterStandIn: requestId !== undefined,
              onDropped: dropped,
            })
          : limitWhole(cut);
      body = response.body
        .pipeThrough(new TextDecoderStream())
        .pipeThrough(limit)
        .pipeThrough(new TextEncoderStream());
    }
    const { status, statusText, headers } = response;
    return new Response(body, { status, statusText, headers });
  };
}

/** A body passed on whole, or, over the limit, what stands in for it. */
function limitWhole(cut: (data: Oversized) => unknown) {
  const frame = new FrameBuffer(MAX_MESSAGE);
  return new TransformStream<string, string>({
    transform(chunk, controller) {
      if (!frame.add(chunk)) return;
      const replacement = cut(frame.oversized());
      if (replacement) controller.enqueue(JSON.stringify(replacement));
      controller.terminate();
    },
    flush(controller) {
      const whole = frame.take();
      if (typeof whole === "string") controller.enqueue(whole);
    },
  });
}

function firstBytes(limit: number) {
  let left = limit;
  return new TransformStream<Uint8Array, Uint8Array>({
    transform(chunk, controller) {
      controller.enqueue(chunk.subarray(0, left));
      left -= Math.min(left, chunk.length);
      if (left === 0) controller.terminate();
    },
  });
}

function messagesIn(body: RequestInit["body"]): unknown[] {
  if (typeof body !== "string") return [];
  try {
    const parsed: unknown = JSON.parse(body);
    return Array.isArray(parsed) ? parsed : [parsed];
  } catch {
    return [];
  }
}

function idOf(message: unknown): RequestId | undefined {
  const request = message as { id?: unknown; method?: unknown } | null;
  if (typeof request?.method !== "string") return undefined;
  return typeof request.id === "string" || typeof request.id === "number" ? request.id : undefined;
}

function mediaType(response: Response) {
  return response.headers.get("content-type")?.split(";")[0]?.trim().toLowerCase();
}
