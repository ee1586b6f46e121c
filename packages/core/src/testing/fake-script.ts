import { type FakeHeaders, type FakeResponder, type FakeStream, pause } from "./fake-server.js";

/** A fake's replies in order (the last one repeats), or a function of the request. */
export type FakeScript<Reply, Recorded> =
  | readonly Reply[]
  | ((request: Recorded, index: number) => Reply);

/** The reply `script` gives request number `index`. */
export function nextReply<Reply, Recorded>(
  script: FakeScript<Reply, Recorded>,
  request: Recorded,
  index: number,
): Reply {
  if (typeof script === "function") return script(request, index);
  return script[Math.min(index, script.length - 1)] as Reply;
}

/** What any fake can be told to do, whatever its wire format. */
export type FakeCommonReply =
  /** Accept the connection and never answer. */
  | { readonly hang: true }
  /** A 200 stream that is not the API's: an event whose data is not JSON. */
  | { readonly malformed: true }
  /** Any body, e.g. the HTML page of a server that is not the API (status default 200). */
  | { readonly raw: string; readonly contentType: string; readonly status?: number };

/** An HTTP error in the API's own error body. */
export interface FakeFailureReply<ErrorBody> {
  readonly status: number;
  readonly error: ErrorBody;
  /** e.g. `{ "retry-after": "1" }`. */
  readonly headers?: FakeHeaders;
}

/**
 * Answers a common reply (`malformed` with the fake's own broken stream); false when
 * `reply` is of the fake's own kinds.
 */
export function answerCommon(
  reply: object,
  responder: FakeResponder,
  malformed: string,
): reply is FakeCommonReply {
  if ("hang" in reply) return true;
  if ("malformed" in reply) {
    responder.stream({ "content-type": "text/event-stream" }).end(malformed);
    return true;
  }
  if ("raw" in reply) {
    const { raw, contentType, status = 200 } = reply as Extract<FakeCommonReply, { raw: string }>;
    responder.send(status, raw, { "content-type": contentType });
    return true;
  }
  return false;
}

/** How a fake streams a text reply, whatever the API. */
export interface FakeStreamOptions {
  /** Characters per piece; default 6. */
  readonly chunkSize?: number;
  /** A pause before each piece. */
  readonly chunkDelayMs?: number;
  /** Cut at the request's stop sequences like the real API (default true). */
  readonly honourStop?: boolean;
  /** Close the socket after this many pieces, without the reply's end. */
  readonly disconnectAfter?: number;
  /** Send the API's error event after this many pieces, as it does when it fails mid-reply. */
  readonly errorEventAfter?: number;
  /** Sent as the usage instead of the counted tokens: a broken server's, such as `-1` tokens. */
  readonly usage?: unknown;
  /** Sent as a piece before the text: a broken server's, such as a number. */
  readonly content?: unknown;
}

/**
 * Streams `pieces` through `write` with the pauses and breaks `options` ask for, counting
 * from `sent` pieces already written. False when the reply ended there (broken off,
 * failed with `errorEvent`, or the client left).
 */
export async function streamPieces(
  stream: FakeStream,
  pieces: readonly string[],
  options: FakeStreamOptions,
  plan: { write(piece: string, index: number): boolean; errorEvent: string; sent?: number },
): Promise<boolean> {
  for (const [index, piece] of pieces.entries()) {
    const sent = (plan.sent ?? 0) + index;
    if (sent === options.disconnectAfter) {
      await stream.drop();
      return false;
    }
    if (sent === options.errorEventAfter) {
      stream.end(plan.errorEvent);
      return false;
    }
    if (options.chunkDelayMs) await pause(options.chunkDelayMs);
    if (!plan.write(piece, index)) return false;
  }
  return true;
}

/** `text` up to the first of `stops` in it, as an API cuts a reply; and which stop that was. */
export function cutAtStop(text: string, stops: readonly string[]) {
  let cut = text.length;
  let stop: string | null = null;
  for (const candidate of stops) {
    const index = text.indexOf(candidate);
    if (index !== -1 && index < cut) {
      cut = index;
      stop = candidate;
    }
  }
  return { text: text.slice(0, cut), stop };
}

/** `text` in pieces of `size` characters, as a fake streams it. */
export function piecesOf(text: string, size: number): string[] {
  const pieces: string[] = [];
  for (let start = 0; start < text.length; start += size)
    pieces.push(text.slice(start, start + size));
  return pieces;
}

/** One server-sent event: `event:` when named, then its data as JSON. */
export function sseEvent(data: unknown, event?: string) {
  return `${event ? `event: ${event}\n` : ""}data: ${JSON.stringify(data)}\n\n`;
}

/** A JSON object from a request body; `{}` for anything else, as a lenient fake reads it. */
export function jsonObject(text: string): Record<string, unknown> {
  try {
    const value: unknown = JSON.parse(text);
    return typeof value === "object" && value !== null ? (value as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}
