import { abortError, LangchainMiniError } from "../contracts/errors.js";
import type { Llm, LlmChunk, LlmRequest } from "../contracts/llm.js";
import { estimateTokens } from "../cost/tokens.js";
import { StopSequenceCutter } from "../provider-kit/stop-sequences.js";
import { checkChunk } from "./chunk-check.js";

/**
 * A provider that ignores `maxTokens` is cut here, well past the limit by our rough
 * estimate (four characters a token; a real token can hold more): no reply is read
 * without end, and no honest one is cut short.
 */
const OVERRUN = 4;
const SLACK_TOKENS = 256;

type FinishChunk = Extract<LlmChunk, { type: "finish" }>;

/**
 * What this side makes of one reply, chunk by chunk, however the chunks are read: each
 * chunk checked, text cut at the first stop sequence, a reply that runs far past
 * `maxTokens` cut with reason "length", and at the end the held-back text and exactly one
 * `finish`. A stream that ends without its finish chunk is broken, never a whole reply.
 */
export class ReplyRules {
  readonly #llm: Llm;
  readonly #signal: AbortSignal | undefined;
  readonly #cutter: StopSequenceCutter;
  readonly #limit: number;
  #tokens = 0;
  #finish: FinishChunk | undefined;
  /** Set once the reply is over on this side (a stop sequence, the runaway limit): read no more. */
  ended = false;

  constructor(llm: Llm, request: LlmRequest) {
    this.#llm = llm;
    this.#signal = request.signal;
    this.#cutter = new StopSequenceCutter(request.stop);
    this.#limit =
      request.maxTokens === undefined ? Infinity : request.maxTokens * OVERRUN + SLACK_TOKENS;
  }

  /** The chunk to pass on for one the provider yielded, if any; throws for a bad chunk. */
  accept(yielded: unknown): LlmChunk | undefined {
    const chunk = checkChunk(this.#llm, yielded);
    if (chunk.type === "finish") {
      this.#finish = chunk;
      return undefined;
    }
    if (chunk.type !== "text") return chunk;
    const safe = this.#cutter.push(chunk.text);
    if (this.#cutter.stopped) this.#end("stop");
    else {
      this.#tokens += estimateTokens(chunk.text);
      if (this.#tokens > this.#limit) this.#end("length");
    }
    return safe ? { type: "text", text: safe } : undefined;
  }

  /**
   * The chunks that close the reply, once the provider's stream is done with: the text
   * held back for a possible stop sequence, then the finish. An abort is an `aborted`
   * error even when the provider ended its stream quietly.
   */
  close(): LlmChunk[] {
    if (this.#signal?.aborted) throw abortError();
    if (!this.#finish) {
      throw new LangchainMiniError(
        "llm_stream_broken",
        `The ${this.#llm.provider} stream ended before the reply was finished: try again`,
      );
    }
    const rest = this.#cutter.flush();
    return rest ? [{ type: "text", text: rest }, this.#finish] : [this.#finish];
  }

  #end(reason: "stop" | "length") {
    this.#finish = { type: "finish", reason };
    this.ended = true;
  }
}
