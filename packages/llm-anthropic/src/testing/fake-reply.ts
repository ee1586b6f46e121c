// What the fake Anthropic server is told to do and what it records: shared by the server and
// the reply writer without either importing the other.
import type { FakeCommonReply, FakeScript as Script } from "@langchain-mini/core/testing";

/** A streamed reply: an optional thinking block, text deltas, then tool_use blocks. */
export interface FakeTextReply {
  readonly text?: string;
  /** A signed thinking block before the text, as models that think send it. */
  readonly thinking?: string;
  /** Characters per delta; default 6. */
  readonly chunkSize?: number;
  /** Pause before each delta. */
  readonly chunkDelayMs?: number;
  /** Cut at the request's `stop_sequences` like the real API (default true). */
  readonly honourStop?: boolean;
  /** Close the socket after this many text deltas, without `message_stop`. */
  readonly disconnectAfter?: number;
  /** Send `event: error` (overloaded_error) after this many text deltas, as the API does. */
  readonly errorEventAfter?: number;
  /** tool_use blocks; `arguments` is the input as JSON text, streamed in pieces. */
  readonly toolCalls?: readonly { readonly name: string; readonly arguments: string }[];
  /**
   * Sent as `message_delta`'s usage instead of the counted tokens: a broken server's,
   * such as `{ output_tokens: -1 }`.
   */
  readonly usage?: unknown;
  /** Sent as a text block's delta before the text: a broken server's, such as a number. */
  readonly content?: unknown;
}

/** What the fake does for one request. */
export type FakeReply =
  | FakeTextReply
  | {
      readonly status: number;
      /** e.g. `{ type: "rate_limit_error", message: "…" }`. */
      readonly error: { readonly type: string; readonly message: string };
      /** e.g. `{ "retry-after": "1" }`. */
      readonly headers?: Readonly<Record<string, string>>;
    }
  /** Never answer; or any body, e.g. the HTML page of a server that is not the API. */
  | FakeCommonReply
  /** An SSE event whose data is not JSON. */
  | { readonly malformed: true };

export interface RecordedRequest {
  /** The request's number on this server, from 0. */
  readonly index: number;
  readonly path: string;
  readonly body: Record<string, unknown>;
  readonly headers: {
    readonly authorization: string | undefined;
    readonly apiKey: string | undefined;
    readonly anthropicVersion: string | undefined;
  };
  /** `performance.now()` when the request arrived. */
  readonly receivedAt: number;
  /** What was billed, in the API's usage fields (set for streamed replies and 400s). */
  usage?: {
    input_tokens: number;
    cache_read_input_tokens: number;
    cache_creation_input_tokens: number;
  };
  /** True when the client closed the connection before the reply was fully sent. */
  readonly closedEarly: boolean;
  /** SSE events written before the client went away. */
  readonly eventsSent: number;
}

/** Replies in order (the last one repeats), or a function of the request. */
export type FakeScript = Script<FakeReply, RecordedRequest>;
