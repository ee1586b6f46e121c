import type { ModelPrice } from "./price.js";

/** A message for chat-style calls (function calling); the ReAct agent sends a plain prompt. */
export type ChatMessage =
  | { readonly role: "system" | "user"; readonly content: string }
  | {
      readonly role: "assistant";
      readonly content: string;
      readonly toolCalls?: readonly ToolCall[];
    }
  | { readonly role: "tool"; readonly content: string; readonly toolCallId: string };

export interface ToolCall {
  readonly id: string;
  readonly name: string;
  /** The raw arguments, as the model wrote them (JSON for function-calling models). */
  readonly arguments: string;
  /**
   * What the provider that made this call must be sent back with it, opaque to everyone
   * else: e.g. the thought signature Gemini 3 puts on a function call and requires in the
   * next request. Keyed by provider name, so no provider reads another's. Agents keep it
   * in the messages they send back; events leave it out (it can be kilobytes).
   */
  readonly providerData?: ProviderData;
}

/** A provider's opaque data on a tool call, under its own name, e.g. `{ google: {…} }`. */
export type ProviderData = { readonly [provider: string]: unknown };

/** What a function-calling model is told about a tool. */
export interface ToolDefinition {
  readonly name: string;
  readonly description: string;
  readonly parameters: JsonSchema;
}

export type JsonSchema = { readonly [key: string]: unknown };

export interface LlmRequest {
  /** A prompt to continue. Either this or `messages`. */
  readonly prompt?: string;
  readonly messages?: readonly ChatMessage[];
  /** Generation ends before the first of these; core cuts client-side what a model sends past one. */
  readonly stop?: readonly string[];
  readonly maxTokens?: number;
  readonly temperature?: number;
  readonly tools?: readonly ToolDefinition[];
  readonly signal?: AbortSignal;
}

export interface TokenUsage {
  /** Every prompt token, cached ones included. */
  readonly inputTokens: number;
  readonly outputTokens: number;
  /** Of `inputTokens`, those read from the provider's prompt cache (billed lower). */
  readonly cachedInputTokens?: number;
  /** Of `inputTokens`, those written to the provider's prompt cache (billed higher by some). */
  readonly cacheWriteTokens?: number;
}

export type FinishReason = "stop" | "length" | "tool-calls" | "aborted" | "other";

export type LlmChunk =
  | { readonly type: "text"; readonly text: string }
  | { readonly type: "tool-call"; readonly call: ToolCall }
  | {
      readonly type: "finish";
      readonly reason: FinishReason;
      /** Undefined when the provider reported none. */
      readonly usage?: TokenUsage;
    };

/** What a provider can be asked: hosts check these before a run, not half-way through it. */
export interface LlmCapabilities {
  /** Continues a plain prompt (the ReAct agent). */
  readonly prompt: boolean;
  /** Takes chat messages. */
  readonly messages: boolean;
  /** Takes tool definitions and answers with tool calls (the function-calling agent). */
  readonly tools: boolean;
  /** Sends stop sequences to the model; core still cuts client-side for models that ignore them. */
  readonly stop: boolean;
  /** Can decode only well-formed ReAct steps naming given tools (`--constrained`). */
  readonly constrained?: boolean;
}

/**
 * The LLM contract: one streaming method. It yields text deltas (and tool calls), then
 * exactly one `finish` chunk. Failures throw a `LangchainMiniError` with an `llm_*` code;
 * an abort throws one with code `aborted`.
 */
export interface Llm {
  /** Shown to users, e.g. "openai". */
  readonly provider: string;
  readonly model: string;
  /** What it can be asked; undefined: plain prompts only, as far as hosts know. */
  readonly capabilities?: LlmCapabilities;
  /**
   * What the model costs, when known: every call's cost goes on its llm-end event and
   * into the run's result. Undefined: runs show tokens only, never a guessed figure.
   */
  readonly price?: ModelPrice;
  /**
   * Tokens the model takes in one call, prompt and reply together, when known: runs keep
   * their prompts inside it. Undefined: hosts and loops assume `DEFAULT_CONTEXT_WINDOW`.
   */
  readonly contextWindow?: number;
  stream(request: LlmRequest): AsyncIterable<LlmChunk>;
}

/**
 * The window assumed for a model that states none: small enough for most models served
 * locally and for every hosted one, so that a run keeps inside it rather than being refused.
 */
export const DEFAULT_CONTEXT_WINDOW = 32_768;

export interface LlmResponse {
  readonly text: string;
  readonly toolCalls: readonly ToolCall[];
  readonly reason: FinishReason;
  readonly usage?: TokenUsage;
}

export const NO_USAGE: TokenUsage = { inputTokens: 0, outputTokens: 0 };
