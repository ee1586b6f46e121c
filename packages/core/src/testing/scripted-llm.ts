import { LangchainMiniError } from "../errors.js";
import type { Llm, LlmChunk, LlmRequest } from "../llm.js";
import { estimateTokens } from "../tokens.js";

/** One scripted reply: the whole text the model returns for one call, or a failure. */
export type ScriptedReply =
  | string
  | { readonly text: string; readonly delayMs?: number }
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
  /** Named in the error when the script runs out, e.g. the script file. */
  readonly source?: string;
}

/**
 * A model that returns given completions in order, for tests and offline runs. It
 * streams in chunks, honours stop sequences and abort signals, can wait and fail on
 * cue, and records every request in `calls`.
 */
export class ScriptedLlm implements Llm {
  readonly provider = "script";
  readonly model: string;
  readonly calls: LlmRequest[] = [];
  readonly #replies: readonly ScriptedReply[];
  readonly #options: ScriptedLlmOptions;

  constructor(replies: readonly ScriptedReply[], options: ScriptedLlmOptions = {}) {
    this.#replies = replies;
    this.#options = options;
    this.model = options.model ?? "scripted";
  }

  /** Replies not yet used. */
  get remaining() {
    return Math.max(0, this.#replies.length - this.calls.length);
  }

  async *stream(request: LlmRequest): AsyncGenerator<LlmChunk> {
    const index = this.calls.length;
    this.calls.push(request);
    const reply = this.#replies[index];
    if (reply === undefined) {
      const from = this.#options.source ? ` in ${this.#options.source}` : "";
      throw new LangchainMiniError(
        "script_exhausted",
        `The scripted LLM has no reply for call ${index + 1}${from}: add one to the script`,
      );
    }
    if (typeof reply === "object" && "error" in reply) throw reply.error;
    const text = typeof reply === "string" ? reply : reply.text;
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
    const prompt =
      request.prompt ?? request.messages?.map((message) => message.content).join("\n") ?? "";
    yield {
      type: "finish",
      reason: "stop",
      usage: { inputTokens: estimateTokens(prompt), outputTokens: estimateTokens(body) },
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

function throwIfAborted(signal: AbortSignal | undefined) {
  if (signal?.aborted) throw new LangchainMiniError("aborted", "The run was cancelled");
}

async function wait(ms: number, signal: AbortSignal | undefined) {
  throwIfAborted(signal);
  if (ms <= 0) return;
  await new Promise<void>((resolve, reject) => {
    const onAbort = () => {
      clearTimeout(timer);
      reject(new LangchainMiniError("aborted", "The run was cancelled"));
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener("abort", onAbort);
      resolve();
    }, ms);
    signal?.addEventListener("abort", onAbort, { once: true });
  });
}
