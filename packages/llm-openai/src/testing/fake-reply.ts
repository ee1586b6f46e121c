// What the fake OpenAI server is told to do and what it records: shared by the server and
// the reply writer without either importing the other.
import type { FakeCommonReply, FakeScript as Script } from "@langchain-mini/core/testing";

/** A streamed reply: text deltas, then tool calls, a finish chunk, a usage chunk and [DONE]. */
export interface FakeTextReply {
  readonly text: string;
  /** Characters per content chunk; default 6. */
  readonly chunkSize?: number;
  /** Pause before each content chunk. */
  readonly chunkDelayMs?: number;
  /** Cut at the request's `stop` like the real API (default true). */
  readonly honourStop?: boolean;
  /** Close the socket after this many chunks, without a finish chunk or [DONE]. */
  readonly disconnectAfter?: number;
  /** Send an SSE error event after this many chunks, as OpenAI does when it fails mid-reply. */
  readonly errorEventAfter?: number;
  readonly toolCalls?: readonly { readonly name: string; readonly arguments: string }[];
  /** Of the prompt's tokens, this many reported as read from the prompt cache. */
  readonly cachedTokens?: number;
  /**
   * Sent as the usage chunk's `usage` instead of the counted tokens: another server's
   * shape, or a broken one such as `{ prompt_tokens: -5 }`.
   */
  readonly usage?: unknown;
  /** Sent as the first content delta instead of text: a broken server's, such as a number. */
  readonly content?: unknown;
  /**
   * Parameters this server answers 400 `unsupported_parameter` to, as OpenAI's reasoning
   * models do for `stop`, `temperature` and `max_tokens`.
   */
  readonly rejects?: readonly string[];
}

/** What the fake does for one request. */
export type FakeReply =
  | FakeTextReply
  | {
      readonly status: number;
      readonly error: { message: string; type?: string; param?: string; code?: string };
      /** e.g. `{ "retry-after-ms": "200" }`. */
      readonly headers?: Readonly<Record<string, string>>;
    }
  /** Never answer; or any body, e.g. the HTML page of a server that is not an OpenAI API. */
  | FakeCommonReply
  /** An SSE event whose data is not JSON. */
  | { readonly malformed: true };

export interface RecordedRequest {
  /** The path and query the request was sent to, e.g. `/v1/chat/completions`. */
  readonly path: string;
  readonly body: Record<string, unknown>;
  readonly authorization: string | undefined;
  /** `performance.now()` when the request arrived. */
  readonly receivedAt: number;
  /** True when the client closed the connection before the reply was fully sent. */
  readonly closedEarly: boolean;
  /** Chunks written before the client went away. */
  readonly chunksSent: number;
}

/** Replies in order (the last one repeats), or a function of the request. */
export type FakeScript = Script<FakeReply, RecordedRequest>;
