import type { FakeResponder } from "./fake-server.js";

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
  /** Any body, e.g. the HTML page of a server that is not the API (status default 200). */
  | { readonly raw: string; readonly contentType: string; readonly status?: number };

/** Answers a common reply; false when `reply` is of the fake's own kinds. */
export function answerCommon(reply: object, responder: FakeResponder): reply is FakeCommonReply {
  if ("hang" in reply) return true;
  if ("raw" in reply) {
    const { raw, contentType, status = 200 } = reply as Extract<FakeCommonReply, { raw: string }>;
    responder.send(status, raw, { "content-type": contentType });
    return true;
  }
  return false;
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
