// What the fake OpenAI server is told to do and what it records: shared by the server and
// the reply writer without either importing the other.
import type {
  FakeCommonReply,
  FakeFailureReply,
  FakeStreamOptions,
  FakeScript as Script,
} from "@langchain-mini/core/testing";

/**
 * A streamed reply: text deltas (pieces are chunks, the role chunk counted), then tool
 * calls, a finish chunk, a usage chunk and [DONE].
 */
export interface FakeTextReply extends FakeStreamOptions {
  readonly text: string;
  readonly toolCalls?: readonly { readonly name: string; readonly arguments: string }[];
  /** Of the prompt's tokens, this many reported as read from the prompt cache. */
  readonly cachedTokens?: number;
  /** The prompt's tokens the usage reports; default its JSON's length over four. */
  readonly promptTokens?: number;
  /**
   * Parameters this server answers 400 `unsupported_parameter` to, as OpenAI's reasoning
   * models do for `stop`, `temperature` and `max_tokens`.
   */
  readonly rejects?: readonly string[];
}

/** What the fake does for one request; errors e.g. with `{ "retry-after-ms": "200" }`. */
export type FakeReply =
  | FakeTextReply
  | FakeFailureReply<{ message: string; type?: string; param?: string; code?: string }>
  | FakeCommonReply;

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
  /** With a `contextWindow`: the prompt's tokens, as OpenAI's tokenizer counts them. */
  readonly promptTokens?: number;
  /** With a `contextWindow`: of them, those the previous request began with too. */
  readonly cachedTokens?: number;
}

/** Replies in order (the last one repeats), or a function of the request. */
export type FakeScript = Script<FakeReply, RecordedRequest>;
