import type { Llm, LlmRequest } from "../contracts/llm.js";
import { generate, readLlm } from "../stream/read-llm.js";
import { Runnable, type RunOptions } from "./runnable.js";

/**
 * An LLM as a runnable: a prompt (or a full request) in, the completion text out;
 * `stream` yields text deltas, cut at stop sequences like every call (see `readLlm`).
 */
export class LlmRunnable extends Runnable<string | LlmRequest, string, string> {
  readonly llm: Llm;
  readonly #defaults: Omit<LlmRequest, "prompt" | "messages" | "signal">;

  constructor(llm: Llm, defaults: Omit<LlmRequest, "prompt" | "messages" | "signal"> = {}) {
    super();
    this.llm = llm;
    this.#defaults = defaults;
  }

  /** The whole completion: read as `generate` reads it, not delta by delta through `stream`. */
  async invoke(input: string | LlmRequest, options: RunOptions = {}) {
    return (await this.generate(input, options)).text;
  }

  override async *stream(
    input: string | LlmRequest,
    options: RunOptions = {},
  ): AsyncGenerator<string> {
    for await (const chunk of readLlm(this.llm, this.#request(input, options))) {
      if (chunk.type === "text") yield chunk.text;
    }
  }

  /** The whole response, tool calls and usage included. */
  generate(input: string | LlmRequest, options: RunOptions = {}) {
    return generate(this.llm, this.#request(input, options));
  }

  #request(input: string | LlmRequest, options: RunOptions): LlmRequest {
    const request = typeof input === "string" ? { prompt: input } : input;
    return { ...this.#defaults, ...request, signal: request.signal ?? options.signal };
  }
}
