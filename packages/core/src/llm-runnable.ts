import { generate, type Llm, type LlmRequest } from "./llm.js";
import { Runnable, type RunOptions } from "./runnable.js";
import { StopSequenceCutter } from "./stop-sequences.js";

/**
 * An LLM as a runnable: a prompt (or a full request) in, the completion text out;
 * `stream` yields text deltas. Stop sequences are also cut here, for providers that
 * ignore them.
 */
export class LlmRunnable extends Runnable<string | LlmRequest, string, string> {
  readonly llm: Llm;
  readonly #defaults: Omit<LlmRequest, "prompt" | "messages" | "signal">;

  constructor(llm: Llm, defaults: Omit<LlmRequest, "prompt" | "messages" | "signal"> = {}) {
    super();
    this.llm = llm;
    this.#defaults = defaults;
  }

  async invoke(input: string | LlmRequest, options: RunOptions = {}) {
    let text = "";
    for await (const delta of this.stream(input, options)) text += delta;
    return text;
  }

  override async *stream(
    input: string | LlmRequest,
    options: RunOptions = {},
  ): AsyncGenerator<string> {
    const request = this.#request(input, options);
    const cutter = new StopSequenceCutter(request.stop);
    for await (const chunk of this.llm.stream(request)) {
      if (chunk.type !== "text") continue;
      const safe = cutter.push(chunk.text);
      if (safe) yield safe;
      if (cutter.stopped) return;
    }
    const rest = cutter.flush();
    if (rest) yield rest;
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
