// What the fake Gemini server is told to do and what it records: shared by the server and
// the reply writer without either importing the other.
import type {
  FakeCommonReply,
  FakeFailureReply,
  FakeStreamOptions,
  FakeScript as Script,
} from "@langchain-mini/core/testing";

/** The `error` object of a Gemini API error body (the fake adds `code`). */
export interface GeminiErrorBody {
  readonly message: string;
  /** The google.rpc status, e.g. INVALID_ARGUMENT. */
  readonly status: string;
  readonly details?: readonly unknown[];
}

/** A streamed reply: text in chunks (the pieces), then function calls, a finish reason and usage. */
export interface FakeTextReply extends FakeStreamOptions {
  readonly text: string;
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
}

/** What the fake does for one request; errors e.g. with a proxy's `{ "retry-after": "1" }`. */
export type FakeReply =
  | FakeTextReply
  | FakeFailureReply<GeminiErrorBody>
  | FakeCommonReply
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
