import type { Llm, LlmCapabilities } from "../contracts/llm.js";

/** A reply the contract asks of the model, in no provider's wire format. */
export type ContractReply =
  | ContractTextReply
  | ContractHttpFailure
  /** Accept the connection and never answer. */
  | { readonly hang: true }
  /** A 200 whose stream is not the API's (an event whose data is not JSON). */
  | { readonly malformed: true };

/** Text streamed in pieces, then tool calls, then the finish and the usage. */
export interface ContractTextReply {
  readonly text: string;
  /** Characters per streamed piece (an in-process model may split otherwise). */
  readonly chunkSize: number;
  /** A pause before each piece: a slow reply. */
  readonly chunkDelayMs?: number;
  /** Stream on past the request's stop sequences, as servers that ignore them do. */
  readonly ignoreStop?: boolean;
  /** Break the connection after this many pieces, without a finish. */
  readonly disconnectAfter?: number;
  /** Calls of tools the request offered, after the text; arguments as JSON text. */
  readonly toolCalls?: readonly { readonly name: string; readonly arguments: string }[];
}

/** An HTTP error, in the API's own error body. */
export interface ContractHttpFailure {
  /**
   * 401: the key was refused (in the way the API refuses one, which may be another
   * status); 429: rate limited; 500 or 503: the server failed.
   */
  readonly status: 401 | 429 | 500 | 503;
  /** The server's words. */
  readonly message: string;
  /** The wait the server asks for before a retry, the way the API asks for it. */
  readonly retryAfterSeconds?: number;
}

/** What the server saw of one request. */
export interface ContractRequest {
  /** The body, as text. */
  readonly body: string;
  /** `performance.now()` when it arrived. */
  readonly receivedAt: number;
  /** True once the client closed the connection before the reply was complete. */
  readonly closedEarly: boolean;
  /** Pieces of a streamed reply written so far. */
  readonly piecesSent: number;
}

/** A running backend: a fake server speaking the provider's wire format, or a model file. */
export interface ContractServer {
  /** What `createLlm` is given to reach it. */
  readonly url: string;
  /** What it saw of each request, in order (none for an in-process model). */
  readonly requests: readonly ContractRequest[];
  close(): Promise<void>;
}

export interface ContractSettings {
  /** Give up on a server silent for this long (only asked of `http.timeouts` providers). */
  readonly timeoutMs?: number;
}

/** The exact line the user reads for each failure, for a provider that wants it checked. */
export interface ContractLines {
  keyRejected?(url: string): string;
  rateLimited?(url: string): string;
  /** The server failed with 500 and these words. */
  serverFailed?(url: string, words: string): string;
  refused?(url: string): string;
  badResponse?(url: string): string;
  timedOut?(url: string, seconds: number): string;
  streamBroken?(url: string): string;
}

/** What the failure checks of a provider that speaks HTTP need to know. */
export interface HttpContract {
  /**
   * The key `createLlm` gives the provider, which no message may contain, and the setting
   * that holds it, which the message for a refused key must name. None: no key check.
   */
  readonly key?: { readonly value: string; readonly setting: string };
  /** How often a 429 or a 5xx is retried before the error; default 0. */
  readonly retries?: number;
  /** Whether `createLlm` honours `settings.timeoutMs`; default false. */
  readonly timeouts?: boolean;
  readonly lines?: ContractLines;
}

export interface ProviderContractOptions {
  /** Named in the checks' failure messages. */
  readonly name: string;
  /** What the provider declares; with `tools`, the function-calling checks run too. */
  readonly capabilities: LlmCapabilities;
  /** Starts a backend that gives these replies in order, the last one repeating. */
  readonly server: { start(replies: readonly ContractReply[]): Promise<ContractServer> };
  /**
   * The provider under test, pointed at `url`. An Llm with a `dispose()` method is
   * disposed of after each check.
   */
  createLlm(url: string, settings: ContractSettings): Llm | Promise<Llm>;
  /** For a provider that talks HTTP: the failure checks. Leave out for an in-process model. */
  readonly http?: HttpContract;
}

/** One check of the contract: run it with any test runner (give it a minute). */
export interface ProviderCheck {
  readonly name: string;
  run(): Promise<void>;
}
