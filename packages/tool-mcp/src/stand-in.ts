import type { JSONRPCMessage, RequestId } from "@modelcontextprotocol/client";
import type { Oversized } from "./frame-buffer.js";

/**
 * The most one MCP message may take, in characters: a reply past it is cut (with a note),
 * and the server stays usable. An observation is cut at 100,000 characters anyway; the
 * room above that is for what a model never reads (images, embedded files).
 */
export const MAX_MESSAGE = 8 * 1024 * 1024;
const LIMIT_TEXT = "8 MB";
const INTERNAL_ERROR = -32603;
/** Requests remembered by id, for a connection whose replies come apart from them. */
const REMEMBERED = 1_000;

/** The requests sent on one connection: what a reply that has to be cut answered. */
export class SentRequests {
  readonly #methods = new Map<RequestId, string>();

  record(message: unknown) {
    const request = message as { id?: unknown; method?: unknown } | null;
    if (typeof request?.method !== "string") return;
    if (typeof request.id !== "string" && typeof request.id !== "number") return;
    this.#methods.set(request.id, request.method);
    if (this.#methods.size > REMEMBERED) {
      const oldest = this.#methods.keys().next();
      if (!oldest.done) this.#methods.delete(oldest.value);
    }
  }

  /** The method of a request still waiting for its reply; it is not waiting after this. */
  answer(id: RequestId): string | undefined {
    const method = this.#methods.get(id);
    this.#methods.delete(id);
    return method;
  }

  /** A reply arrived: its request no longer waits. */
  settle(message: JSONRPCMessage) {
    if (!("method" in message) && "id" in message && message.id !== undefined) {
      this.#methods.delete(message.id);
    }
  }
}

/**
 * What stands for a reply over the limit: for a tool call, a failed result holding the
 * start of its text and a note that says why it ends there; for any other request, an
 * error that says so. Undefined when the message answers nothing this side asked (a
 * notification, a request from the server, an id not found): it is dropped.
 * `requestId` is the request the message answers when the stream carries only that
 * reply (a POST's response).
 */
export function standIn(
  oversized: Oversized,
  requests: SentRequests,
  requestId?: RequestId,
): JSONRPCMessage | undefined {
  const start = startOf(oversized.head);
  if (start.kind === "request") return undefined;
  const id = start.id ?? idAtEnd(oversized.tail) ?? requestId;
  if (id === undefined) return undefined;
  const method = requests.answer(id);
  if (method === undefined) return undefined;
  if (method === "tools/call") {
    const text = `The reply was over ${LIMIT_TEXT}, the most one MCP message may take: it was cut, and only its start follows.\n${textIn(oversized.head)}`;
    return { jsonrpc: "2.0", id, result: { isError: true, content: [{ type: "text", text }] } };
  }
  const message = `the reply to ${method} was over ${LIMIT_TEXT}, the most one MCP message may take`;
  return { jsonrpc: "2.0", id, error: { code: INTERNAL_ERROR, message } };
}

const SCALAR = String.raw`(?:-?\d+(?:\.\d+)?|"(?:[^"\\]|\\.)*"|true|false|null)`;
// The keys with plain values before the first key whose value is an object or an array.
const START = new RegExp(
  String.raw`^\s*\{((?:\s*"[^"\\]*"\s*:\s*${SCALAR}\s*,)*)\s*"([^"\\]*)"\s*:\s*[[{]`,
);
const PAIR = new RegExp(String.raw`"([^"\\]*)"\s*:\s*(${SCALAR})`, "g");
const ID_AT_END = /"id"\s*:\s*(-?\d+|"(?:[^"\\]|\\.)*")\s*(?:,\s*"jsonrpc"\s*:\s*"2\.0"\s*)?\}\s*$/;

/** Whether the start of a JSON-RPC message says it is a request (or notification), and its id when it comes first. */
function startOf(head: string): { kind: "request" | "other"; id?: RequestId } {
  const match = START.exec(head.slice(0, 4_096));
  if (!match) return { kind: "other" };
  const pairs = new Map([...(match[1] ?? "").matchAll(PAIR)].map((pair) => [pair[1], pair[2]]));
  if (pairs.has("method") || match[2] === "params") return { kind: "request" };
  const id = pairs.has("id") ? requestIdOf(pairs.get("id") ?? "") : undefined;
  return id === undefined ? { kind: "other" } : { kind: "other", id };
}

function idAtEnd(tail: string): RequestId | undefined {
  const written = ID_AT_END.exec(tail)?.[1];
  return written === undefined ? undefined : requestIdOf(written);
}

function requestIdOf(written: string): RequestId | undefined {
  try {
    const id: unknown = JSON.parse(written);
    return typeof id === "number" || typeof id === "string" ? id : undefined;
  } catch {
    return undefined;
  }
}

/** The text blocks in the start of a result, the last one as far as it goes. */
export function textIn(head: string): string {
  const texts: string[] = [];
  const opening = /"text"\s*:\s*"/g;
  for (let match = opening.exec(head); match; match = opening.exec(head)) {
    const end = closingQuote(head, opening.lastIndex);
    texts.push(decodeString(head.slice(opening.lastIndex, end)));
    opening.lastIndex = end + 1;
  }
  return texts.join("\n");
}

/** Where a JSON string that starts at `from` ends (its closing quote), or the text's end. */
function closingQuote(text: string, from: number) {
  for (let quote = text.indexOf('"', from); quote !== -1; quote = text.indexOf('"', quote + 1)) {
    let backslashes = 0;
    while (text[quote - 1 - backslashes] === "\\") backslashes++;
    if (backslashes % 2 === 0) return quote;
  }
  return text.length;
}

/** A JSON string's body, possibly cut in the middle of an escape. */
function decodeString(body: string) {
  let whole = body.replace(/\\u[0-9a-fA-F]{0,3}$/, "");
  // An odd run of backslashes at the end starts an escape that was cut off.
  const backslashes = /\\+$/.exec(whole)?.[0].length ?? 0;
  if (backslashes % 2 === 1) whole = whole.slice(0, -1);
  try {
    return JSON.parse(`"${whole}"`) as string;
  } catch {
    return whole;
  }
}
