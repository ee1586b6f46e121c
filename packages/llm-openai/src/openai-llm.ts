import {
  abortError,
  type FinishReason,
  isLangchainMiniError,
  type Llm,
  type LlmChunk,
  type LlmRequest,
  type ModelPrice,
  priceFor,
  type TokenUsage,
} from "@langchain-mini/core";
import {
  contextWindowFor,
  IdleTimer,
  readServerText,
  readTokenCount,
  SDK_LOGGER,
  ServerDataError,
  wait,
} from "@langchain-mini/core/provider-kit";
import OpenAI from "openai";
import { capabilities } from "./capabilities.js";
import {
  brokenStreamError,
  isContextExceeded,
  malformedError,
  timeoutError,
  toLlmError,
} from "./failures.js";
import { toOpenAiMessages, toOpenAiTools } from "./messages.js";
import {
  type Parameter,
  refusedParameterOf,
  refusedParameters,
  rememberRefused,
} from "./parameter-support.js";
import { contextWindows, prices } from "./prices.js";
import { isRetryable, retryDelayMs } from "./retry.js";
import { type OpenAiOptions, type OpenAiSettings, resolveSettings } from "./settings.js";
import { ToolCallAssembler } from "./tool-call-assembler.js";

type StreamChunk = OpenAI.Chat.Completions.ChatCompletionChunk;
type Body = OpenAI.Chat.Completions.ChatCompletionCreateParamsStreaming;
type ChunkStream = AsyncIterable<StreamChunk> & { readonly controller: AbortController };

interface OpenStream {
  readonly stream: ChunkStream;
  readonly idle: IdleTimer;
}

/**
 * OpenAI's chat completions, streamed, and any server that speaks them. Parameters a
 * model refuses are left out; `stop` is then applied by core's reader (`readLlm`), whose
 * leaving the stream closes the HTTP connection, so nothing past the stop is paid for.
 */
export class OpenAiLlm implements Llm {
  readonly provider = "openai";
  readonly capabilities = capabilities;
  readonly model: string;
  /** From the package's dated table; undefined for a model it has no price for. */
  readonly price: ModelPrice | undefined;
  /** From the package's table; undefined for a model it does not know (a local server's). */
  readonly contextWindow: number | undefined;
  readonly settings: OpenAiSettings;
  readonly #client: OpenAI;

  constructor(options: OpenAiOptions = {}) {
    this.settings = resolveSettings(options);
    this.model = this.settings.model;
    this.price = priceFor(prices, this.model);
    this.contextWindow = contextWindowFor(contextWindows, this.model);
    this.#client = new OpenAI({
      apiKey: this.settings.apiKey,
      baseURL: this.settings.baseURL,
      timeout: this.settings.timeoutMs,
      // Retries are ours: they skip failures that cannot pass and wait as configured.
      maxRetries: 0,
      logLevel: this.settings.logLevel,
      // Never stdout (the SDK's default logger writes info and debug lines there).
      logger: SDK_LOGGER,
    });
  }

  /** Starts the reply, leaving out parameters the server refuses and retrying what may pass. */
  async #open(request: LlmRequest): Promise<OpenStream> {
    const { host, model, maxRetries } = this.settings;
    let retries = 0;
    for (;;) {
      const refused = refusedParameters(host, model);
      const idle = new IdleTimer(this.settings.timeoutMs, request.signal);
      try {
        const stream = await this.#client.chat.completions.create(this.#body(request, refused), {
          signal: idle.signal,
        });
        return { stream, idle };
      } catch (error) {
        idle.stop();
        if (request.signal?.aborted) throw abortError();
        if (idle.expired) throw timeoutError(this.settings);
        const parameter =
          error instanceof OpenAI.BadRequestError ? refusedParameterOf(error) : undefined;
        // Once refused, a parameter is never sent to this model again: at most one retry each.
        if (parameter && !refused.has(parameter)) {
          rememberRefused(host, model, parameter);
          continue;
        }
        const delay =
          retries < maxRetries && isRetryable(error) && !isContextExceeded(error)
            ? retryDelayMs(error, retries, this.settings.retryDelayMs)
            : undefined;
        if (delay === undefined) throw toLlmError(error, this.settings, retries);
        retries++;
        await wait(delay, request.signal).catch(() => {
          throw abortError();
        });
      }
    }
  }

  // One generator from request to chunks: each extra layer costs a turn per streamed token.
  async *stream(request: LlmRequest): AsyncGenerator<LlmChunk> {
    const { stream, idle } = await this.#open(request);
    const toolCalls = new ToolCallAssembler();
    let reason: FinishReason | undefined;
    let usage: TokenUsage | undefined;
    let chunks = 0;
    try {
      for await (const chunk of stream) {
        idle.reset();
        chunks++;
        if (!Array.isArray(chunk?.choices)) throw malformedError(this.settings);
        if (chunk.usage) usage = toUsage(chunk.usage);
        const choice = chunk.choices[0];
        if (!choice) continue;
        const text = readServerText(choice.delta?.content, "delta.content");
        // A model sent no `stop` runs past it: core's reader cuts the text and, by leaving
        // this loop, closes the HTTP stream right there.
        if (text) yield { type: "text", text };
        const callDeltas = choice.delta?.tool_calls;
        if (callDeltas) toolCalls.add(callDeltas);
        if (choice.finish_reason) reason = finishReason(choice.finish_reason);
      }
    } catch (error) {
      throw this.#streamFailure(error, request, idle);
    } finally {
      idle.stop();
    }
    // The SDK ends the iteration quietly when its signal aborts: a short reply is no answer.
    if (request.signal?.aborted) throw abortError();
    if (idle.expired) throw timeoutError(this.settings);
    // Not one event: an HTML page or a JSON body, not a stream of chat completion chunks.
    if (chunks === 0) throw malformedError(this.settings);
    // No finish_reason: the connection ended early. A partial reply is never an answer.
    if (!reason) throw brokenStreamError(this.settings);
    for (const call of toolCalls.calls()) yield { type: "tool-call", call };
    yield { type: "finish", reason, usage };
  }

  #body(request: LlmRequest, refused: ReadonlySet<Parameter>): Body {
    const temperature = request.temperature ?? this.settings.temperature;
    const body: Body = {
      model: this.model,
      messages: toOpenAiMessages(request),
      stream: true,
      stream_options: { include_usage: true },
    };
    if (request.stop?.length && !refused.has("stop")) body.stop = [...request.stop];
    if (temperature !== undefined && !refused.has("temperature")) body.temperature = temperature;
    if (request.maxTokens !== undefined) {
      if (refused.has("max_tokens")) body.max_completion_tokens = request.maxTokens;
      else body.max_tokens = request.maxTokens;
    }
    const tools = toOpenAiTools(request.tools);
    if (tools) body.tools = tools;
    return body;
  }

  #streamFailure(error: unknown, request: LlmRequest, idle: IdleTimer) {
    if (request.signal?.aborted) return abortError();
    if (idle.expired) return timeoutError(this.settings);
    if (isLangchainMiniError(error)) return error;
    if (error instanceof SyntaxError || error instanceof ServerDataError) {
      return malformedError(this.settings, error);
    }
    // The reply had started: whatever broke it, the partial text is no answer.
    return brokenStreamError(this.settings, error);
  }
}

/**
 * OpenAI counts cache reads among the prompt's tokens, as core does; compatible servers
 * may leave counts out (unknown: no usage, or 0 beside one that is given), and a count
 * that is not one is a malformed reply.
 */
function toUsage(usage: NonNullable<StreamChunk["usage"]>): TokenUsage | undefined {
  const input = readTokenCount(usage.prompt_tokens, "usage.prompt_tokens");
  const output = readTokenCount(usage.completion_tokens, "usage.completion_tokens");
  const cached = readTokenCount(
    usage.prompt_tokens_details?.cached_tokens,
    "usage.prompt_tokens_details.cached_tokens",
  );
  if (input === undefined && output === undefined) return undefined;
  return {
    inputTokens: input ?? 0,
    outputTokens: output ?? 0,
    ...(cached === undefined ? {} : { cachedInputTokens: cached }),
  };
}

function finishReason(reason: string): FinishReason {
  if (reason === "stop" || reason === "length") return reason;
  if (reason === "tool_calls" || reason === "function_call") return "tool-calls";
  return "other";
}
