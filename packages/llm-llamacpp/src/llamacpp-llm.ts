import { basename } from "node:path";
import {
  abortError,
  Channel,
  type FinishReason,
  LangchainMiniError,
  type Llm,
  type LlmChunk,
  type LlmRequest,
} from "@langchain-mini/core";
import {
  LlamaCompletion,
  type LlamaCompletionResponse,
  type LlamaContext,
  type LlamaContextSequence,
  type LlamaGrammar,
  type LlamaModel,
} from "node-llama-cpp";
import { capabilities } from "./capabilities.js";
import { type GpuChoice, resolveThreads, sharedLlama } from "./llama-runtime.js";
import { loadModelFile } from "./load-model.js";
import { isReactStepPrompt, reactStepGrammar } from "./react-grammar.js";

export interface LlamaCppOptions {
  /** A local `.gguf` file (see `resolveModelSource` for URLs and `hf:` URIs). */
  readonly modelPath: string;
  /** Tokens of context; default: what the model was trained for, at most 8192. */
  readonly contextSize?: number;
  /** CPU threads; default: half the logical CPUs (about one per physical core). */
  readonly threads?: number;
  /** The llama.cpp build: "auto" (default) takes the best installed GPU build, false the CPU. */
  readonly gpu?: GpuChoice;
  /** Sampling temperature when the request sets none; default 0 (always the likeliest token). */
  readonly temperature?: number;
  /** Makes sampling with a temperature repeatable. */
  readonly seed?: number;
  /** With a temperature: sample among the K likeliest tokens (default 40; 0: all). */
  readonly topK?: number;
  /** With a temperature: among the likeliest tokens that make up P of the probability (default 0.95; 1: all). */
  readonly topP?: number;
  /** With a temperature: drop tokens below this share of the likeliest one's probability (default 0). */
  readonly minP?: number;
  /**
   * Format-constrained decoding: every ReAct step must be `Thought: …` then an action
   * naming one of these tools with its input, or a final answer.
   */
  readonly reactGrammar?: { readonly toolNames: readonly string[] };
  /** Shown to users; default: the file name. */
  readonly modelName?: string;
}

const DEFAULT_MAX_CONTEXT = 8192;

/**
 * A GGUF model run in process by llama.cpp. Prompts are continued as plain text, never
 * wrapped in the model's chat template, so the ReAct prompt reaches the model byte for byte
 * and each step reuses the previous step's evaluated tokens.
 */
export class LlamaCppLlm implements Llm {
  readonly provider = "llamacpp";
  readonly capabilities = capabilities;
  readonly model: string;
  readonly contextSize: number;
  /** The loaded context's size: what a prompt and its reply share. */
  readonly contextWindow: number;
  readonly #model: LlamaModel;
  readonly #context: LlamaContext;
  readonly #sequence: LlamaContextSequence;
  readonly #completion: LlamaCompletion;
  readonly #options: LlamaCppOptions;
  #grammar: Promise<LlamaGrammar> | undefined;
  /** Settles when the last generation started has ended: the sequence holds one at a time. */
  #idle: Promise<void> = Promise.resolve();

  private constructor(model: LlamaModel, context: LlamaContext, options: LlamaCppOptions) {
    this.#model = model;
    this.#context = context;
    this.#options = options;
    this.contextSize = context.contextSize;
    this.contextWindow = context.contextSize;
    this.model = options.modelName ?? basename(options.modelPath).replace(/\.gguf$/i, "");
    this.#sequence = context.getSequence();
    this.#completion = new LlamaCompletion({ contextSequence: this.#sequence });
  }

  /** Loads the model and makes its context; every file problem is a one-line error. */
  static async load(options: LlamaCppOptions): Promise<LlamaCppLlm> {
    const threads = resolveThreads(options.threads);
    const llama = await sharedLlama({ gpu: options.gpu, threads });
    const model = await loadModelFile(llama, options.modelPath);
    try {
      const context = await model.createContext({
        contextSize: options.contextSize ?? { max: DEFAULT_MAX_CONTEXT },
        threads,
        sequences: 1,
      });
      return new LlamaCppLlm(model, context, options);
    } catch (error) {
      await model.dispose();
      throw new LangchainMiniError(
        "config_invalid",
        `Cannot make a context of ${options.contextSize ?? "up to 8192"} tokens for ${options.modelPath} (${(error as Error).message}): choose a smaller context size`,
        { cause: error },
      );
    }
  }

  /** Frees the model's memory once the generation under way has stopped; the instance cannot be used afterwards. */
  async dispose() {
    // A cancelled call returns at once while llama.cpp stops between two tokens: freeing
    // the context under it would fail inside node-llama-cpp, where no caller can catch it.
    await this.#idle;
    await this.#context.dispose();
    await this.#model.dispose();
  }

  async *stream(request: LlmRequest): AsyncGenerator<LlmChunk> {
    if (request.prompt === undefined) {
      throw new LangchainMiniError(
        "llm_bad_request",
        "The llamacpp provider continues plain prompts; chat messages are not supported. Use the ReAct agent",
      );
    }
    const signal = request.signal;
    if (signal?.aborted) throw abortError();
    const prompt = request.prompt;
    const inputTokens = this.#countPromptTokens(prompt);
    const grammar = await this.#grammarFor(prompt);

    const queue = new Channel<LlmChunk>();
    const stop = new AbortController();
    const onAbort = () => {
      stop.abort();
      queue.fail(abortError());
    };
    signal?.addEventListener("abort", onAbort, { once: true });
    // Not awaited: the queue carries the outcome, so an abort reaches the caller at once.
    const run = () =>
      this.#generate({ ...request, prompt }, inputTokens, grammar, queue, stop.signal);
    this.#idle = this.#idle.then(run);
    try {
      yield* queue;
    } finally {
      signal?.removeEventListener("abort", onAbort);
      // A consumer that stops reading (a stop sequence seen client-side) stops the model too.
      stop.abort();
    }
  }

  /** One generation into `queue`; it never rejects. Generations run one after another. */
  async #generate(
    request: LlmRequest & { readonly prompt: string },
    inputTokens: number,
    grammar: LlamaGrammar | undefined,
    queue: Channel<LlmChunk>,
    signal: AbortSignal,
  ) {
    const meterBefore = this.#sequence.tokenMeter.getState();
    try {
      const response = await this.#completion.generateCompletionWithMeta(request.prompt, {
        onTextChunk: (text) => queue.push({ type: "text", text }),
        signal,
        stopOnAbortSignal: true,
        maxTokens: request.maxTokens,
        temperature: request.temperature ?? this.#options.temperature ?? 0,
        seed: this.#options.seed,
        topK: this.#options.topK,
        topP: this.#options.topP,
        minP: this.#options.minP,
        customStopTriggers: request.stop?.filter((text) => text.length > 0),
        grammar,
        // The prompt was checked to fit: never drop its start to make room.
        disableContextShift: true,
        contextShiftSize: 0,
      });
      // Every token sampled, the stop sequence's and end-of-text included.
      const { usedOutputTokens } = this.#sequence.tokenMeter.diff(meterBefore);
      queue.push({
        type: "finish",
        reason: finishReason(response),
        usage: { inputTokens, outputTokens: usedOutputTokens },
      });
      queue.close();
    } catch (error) {
      queue.fail(
        signal.aborted
          ? abortError()
          : new LangchainMiniError(
              "llm_server",
              `llama.cpp failed while generating: ${(error as Error).message}`,
              { cause: error },
            ),
      );
    }
  }

  #countPromptTokens(prompt: string) {
    const { bos, shouldPrependBosToken } = this.#model.tokens;
    const prepended = bos !== null && shouldPrependBosToken ? 1 : 0;
    const tokens = this.#model.tokenize(prompt, false, "trimLeadingSpace").length + prepended;
    if (tokens >= this.contextSize) {
      const trained = this.#model.trainContextSize;
      const raise =
        this.contextSize < trained
          ? `raise the context size (LLAMACPP_CONTEXT_SIZE, up to the model's ${trained})`
          : "use a model with a longer context";
      throw new LangchainMiniError(
        "llm_context_exceeded",
        `The prompt is ${tokens} tokens but the context holds ${this.contextSize}: ${raise}, or ask with fewer steps or a shorter history`,
      );
    }
    return tokens;
  }

  #grammarFor(prompt: string) {
    const toolNames = this.#options.reactGrammar?.toolNames;
    if (!toolNames || !isReactStepPrompt(prompt)) return undefined;
    this.#grammar ??= this.#model.llama.createGrammar({ grammar: reactStepGrammar(toolNames) });
    return this.#grammar;
  }
}

function finishReason(response: LlamaCompletionResponse): FinishReason {
  switch (response.metadata.stopReason) {
    case "maxTokens":
      return "length";
    case "abort":
      return "aborted";
    default:
      return "stop";
  }
}
