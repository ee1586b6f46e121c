import { abortError, LangchainMiniError } from "../contracts/errors.js";
import type { Llm, LlmCapabilities, LlmChunk, LlmRequest } from "../contracts/llm.js";
import type { ModelPrice } from "../contracts/price.js";
import { estimateTokens } from "../cost/tokens.js";

/** A function call a scripted reply makes, for the function-calling agent. */
export interface ScriptedToolCall {
  readonly name: string;
  /** An object (sent as its JSON) or the raw text a model would send. Default `{}`. */
  readonly arguments?: unknown;
  readonly id?: string;
}

/**
 * One scripted reply: the whole text the model returns for one call; an object with
 * text, tool calls and a delay; or a failure.
 */
export type ScriptedReply =
  | string
  | {
      readonly text?: string;
      readonly toolCalls?: readonly ScriptedToolCall[];
      readonly delayMs?: number;
    }
  | { readonly error: Error };

export interface ScriptedLlmOptions {
  /** Characters per streamed chunk; default 8. */
  readonly chunkSize?: number;
  /** Wait before the first chunk of every reply. */
  readonly latencyMs?: number;
  /** Wait between chunks. */
  readonly chunkDelayMs?: number;
  /** Cut replies at the request's stop sequences, as a real server does; default true. */
  readonly honourStop?: boolean;
  readonly model?: string;
  /** What its tokens cost, to see costs in runs; default none (tokens only). */
  readonly price?: ModelPrice;
  /** Named in the error when the script runs out, e.g. the script file. */
  readonly source?: string;
  /** Keep every request in `calls`; default true. Long runs can turn it off to save memory. */
  readonly record?: boolean;
  /**
   * The context window it declares and keeps, as a provider does: a request whose prompt
   * (counted as in its usage, four characters a token) plus its output limit pass it fails
   * with `llm_context_exceeded`, without using a reply. Default none.
   */
  readonly contextWindow?: number;
}

/** A script can play either agent mode: plain prompts, or messages with tool calls. */
export const SCRIPT_CAPABILITIES: LlmCapabilities = {
  prompt: true,
  messages: true,
  tools: true,
  stop: true,
};

/**
 * A model that returns given completions in order, for tests and offline runs. It
 * streams in chunks, honours stop sequences and abort signals, can wait and fail on
 * cue, and records every request in `calls`.
 */
export class ScriptedLlm implements Llm {
  readonly provider = "script";
  readonly model: string;
  readonly capabilities: LlmCapabilities = SCRIPT_CAPABILITIES;
  readonly price?: ModelPrice;
  readonly contextWindow?: number;
  /** Every request, in order (unless `record` is false). */
  readonly calls: LlmRequest[] = [];
  #used = 0;
  readonly #replies: readonly ScriptedReply[];
  readonly #options: ScriptedLlmOptions;

  constructor(replies: readonly ScriptedReply[], options: ScriptedLlmOptions = {}) {
    this.#replies = replies;
    this.#options = options;
    this.model = options.model ?? "scripted";
    if (options.price) this.price = options.price;
    if (options.contextWindow !== undefined) this.contextWindow = options.contextWindow;
  }

  /** Replies not yet used. */
  get remaining() {
    return Math.max(0, this.#replies.length - this.#used);
  }

  async *stream(request: LlmRequest): AsyncGenerator<LlmChunk> {
    const window = this.contextWindow;
    const asked = inputTokens(request) + (request.maxTokens ?? 0);
    if (window !== undefined && asked > window) {
      throw new LangchainMiniError(
        "llm_context_exceeded",
        `The prompt and the reply's room take ${asked} tokens, more than the model's context window of ${window}: shorten the prompt`,
      );
    }
    const index = this.#used++;
    if (this.#options.record !== false) this.calls.push(request);
    const reply = this.#replies[index];
    const from = this.#options.source ? ` in ${this.#options.source}` : "";
    if (reply === undefined) {
      throw new LangchainMiniError(
        "script_exhausted",
        `The scripted LLM has no reply for call ${index + 1}${from}: add one to the script`,
      );
    }
    if (typeof reply === "object" && "error" in reply) throw reply.error;
    const text = (typeof reply === "string" ? reply : reply.text) ?? "";
    const toolCalls = typeof reply === "string" ? [] : (reply.toolCalls ?? []);
    if (toolCalls.length > 0 && !request.tools) {
      throw new LangchainMiniError(
        "config_invalid",
        `Reply ${index + 1}${from} makes tool calls, which only the function-calling agent reads: run with --agent tools, or write the reply as ReAct text`,
      );
    }
    if (request.tools && toolCalls.length === 0 && looksLikeReAct(text)) {
      throw new LangchainMiniError(
        "config_invalid",
        `Reply ${index + 1}${from} is ReAct text (Action: …), but the function-calling agent reads tool calls: write it as {"toolCalls": [{"name": "…", "arguments": {…}}]}, or run with --agent react`,
      );
    }
    const delay =
      (typeof reply === "object" ? reply.delayMs : undefined) ?? this.#options.latencyMs ?? 0;
    await wait(delay, request.signal);

    const body = this.#cut(text, request.stop);
    const size = Math.max(1, this.#options.chunkSize ?? 8);
    for (let start = 0; start < body.length; start += size) {
      if (start > 0) await wait(this.#options.chunkDelayMs ?? 0, request.signal);
      throwIfAborted(request.signal);
      yield { type: "text", text: body.slice(start, start + size) };
    }
    for (const [position, call] of toolCalls.entries()) {
      throwIfAborted(request.signal);
      yield {
        type: "tool-call",
        call: {
          id: call.id ?? `call_${index + 1}_${position}`,
          name: call.name,
          arguments:
            typeof call.arguments === "string"
              ? call.arguments
              : JSON.stringify(call.arguments ?? {}),
        },
      };
    }
    yield {
      type: "finish",
      reason: toolCalls.length > 0 ? "tool-calls" : "stop",
      usage: { inputTokens: inputTokens(request), outputTokens: estimateTokens(body) },
    };
  }

  #cut(text: string, stops: readonly string[] = []) {
    if (this.#options.honourStop === false) return text;
    let cut = -1;
    for (const stop of stops) {
      const index = stop ? text.indexOf(stop) : -1;
      if (index !== -1 && (cut === -1 || index < cut)) cut = index;
    }
    return cut === -1 ? text : text.slice(0, cut);
  }
}

/**
 * The request's size in estimated tokens, from lengths alone: a long run's prompts are
 * never copied or joined just to be counted.
 */
function inputTokens(request: LlmRequest) {
  if (request.prompt !== undefined) return estimateTokens(request.prompt);
  let characters = 0;
  for (const message of request.messages ?? []) characters += message.content.length + 1;
  return Math.ceil(Math.max(0, characters - 1) / 4);
}

/** An action in the text format: what a script written for `--agent react` replies. */
function looksLikeReAct(text: string) {
  return /^\s*Action\s*\d*\s*:/im.test(text) && /^\s*Action\s*\d*\s*Input\s*\d*\s*:/im.test(text);
}

function throwIfAborted(signal: AbortSignal | undefined) {
  if (signal?.aborted) throw abortError();
}

async function wait(ms: number, signal: AbortSignal | undefined) {
  throwIfAborted(signal);
  if (ms <= 0) return;
  await new Promise<void>((resolve, reject) => {
    const onAbort = () => {
      clearTimeout(timer);
      reject(abortError());
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener("abort", onAbort);
      resolve();
    }, ms);
    signal?.addEventListener("abort", onAbort, { once: true });
  });
}
