// What the fake Gemini server is told to do and what it records: shared by the server and
// the reply writer without either importing the other.
import type { FakeCommonReply, FakeScript as Script } from "@langchain-mini/core/testing";

/** The `error` object of a Gemini API error body (the fake adds `code`). */
export interface GeminiErrorBody {
  readonly message: string;
  /** The google.rpc status, e.g. INVALID_ARGUMENT. */
  readonly status: string;
  readonly details?: readonly unknown[];
}

/** A streamed reply: text in chunks, then function calls, a finish reason and usage. */
export interface FakeTextReply {
  readonly text: string;
  /** Characters per chunk; default 6. */
  readonly chunkSize?: number;
  /** Pause before each chunk. */
  readonly chunkDelayMs?: number;
  /** Cut at the request's stop sequences like the real API (default true). */
  readonly honourStop?: boolean;
  /** Close the socket after this many chunks, without a finish reason. */
  readonly disconnectAfter?: number;
  /** Send an error event after this many chunks, as the API does when it fails mid-reply. */
  readonly errorEventAfter?: number;
  readonly functionCalls?: readonly {
    readonly name: string;
    readonly args: Readonly<Record<string, unknown>>;
    /** Gemini gives some calls an id and then wants it back with the response. */
    readonly id?: string;
  }[];
  /** e.g. "MAX_TOKENS" or "SAFETY"; default STOP. */
  readonly finishReason?: string;
  /** Tokens the model spent thinking, reported in the usage as Gemini 3 does. */
  readonly thoughtsTokenCount?: number;
  /**
   * Sent as the last chunk's `usageMetadata` instead of the counted tokens: a broken
   * server's, such as `{ promptTokenCount: -3 }`.
   */
  readonly usage?: unknown;
  /** Sent as a part's `text` before the text: a broken server's, such as a number. */
  readonly content?: unknown;
}

/** What the fake does for one request. */
export type FakeReply =
  | FakeTextReply
  | {
      readonly status: number;
      readonly error: GeminiErrorBody;
      /** e.g. `{ "retry-after": "1" }`, as a proxy in front of the API might send. */
      readonly headers?: Readonly<Record<string, string>>;
    }
  /** Never answer; or any body, e.g. the HTML page of a server that is not the Gemini API. */
  | FakeCommonReply
  /** An event whose data is not JSON. */
  | { readonly malformed: true }
  /** No candidates: the prompt itself was blocked, e.g. "SAFETY". */
  | { readonly blocked: string };

export interface RecordedRequest {
  readonly model: string;
  readonly apiVersion: string;
  readonly body: Record<string, unknown>;
  /** The `x-goog-api-key` header (or `key` query parameter) as sent. */
  readonly apiKey: string | undefined;
  readonly query: Readonly<Record<string, string>>;
  /** `performance.now()` when the request arrived. */
  readonly receivedAt: number;
  /** True when the client closed the connection before the reply was fully sent. */
  readonly closedEarly: boolean;
  /** Chunks written before the client went away. */
  readonly chunksSent: number;
}

/** Replies in order (the last one repeats), or a function of the request. */
export type FakeScript = Script<FakeReply, RecordedRequest>;
