// What the fake Anthropic server is told to do and what it records: shared by the server and
// the reply writer without either importing the other.
import type {
  FakeCommonReply,
  FakeFailureReply,
  FakeStreamOptions,
  FakeScript as Script,
} from "@langchain-mini/core/testing";

/** A streamed reply: an optional thinking block, text deltas (the pieces), then tool_use blocks. */
export interface FakeTextReply extends FakeStreamOptions {
  readonly text?: string;
  /** A signed thinking block before the text, as models that think send it. */
  readonly thinking?: string;
  /** tool_use blocks; `arguments` is the input as JSON text, streamed in pieces. */
  readonly toolCalls?: readonly { readonly name: string; readonly arguments: string }[];
}

/** What the fake does for one request; errors e.g. `{ type: "rate_limit_error", message }`. */
export type FakeReply =
  | FakeTextReply
  | FakeFailureReply<{ readonly type: string; readonly message: string }>
  | FakeCommonReply;

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
