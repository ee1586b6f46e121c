import {
  type GenerateContentConfig,
  type GenerateContentResponse,
  GoogleGenAI,
} from "@google/genai";
import {
  abortError,
  isLangchainMiniError,
  type Llm,
  type LlmChunk,
  type LlmRequest,
  type ModelPrice,
  priceFor,
  type TokenUsage,
  type ToolCall,
} from "@langchain-mini/core";
import { contextWindowFor, IdleTimer, wait } from "@langchain-mini/core/provider-kit";
import { capabilities } from "./capabilities.js";
import { toConversation, toGeminiTools } from "./contents.js";
import {
  blockedError,
  brokenStreamError,
  malformedError,
  timeoutError,
  toLlmError,
} from "./failures.js";
import { contextWindows, prices } from "./prices.js";
import { candidateOf, textOf, toFinishReason, toToolCall, toUsage } from "./reply.js";
import { isRetryable, retryDelayMs } from "./retry.js";
import {
  type GeminiOptions,
  type GeminiSettings,
  resolveSettings,
  sdkApiVersion,
} from "./settings.js";

/**
 * The Gemini API takes at most this many stop sequences. Core's reader (`readLlm`) cuts at
 * the rest, and its leaving the stream closes the HTTP connection there.
 */
export const MAX_STOP_SEQUENCES = 5;

interface OpenStream {
  readonly stream: AsyncGenerator<GenerateContentResponse>;
  readonly idle: IdleTimer;
}

/**
 * Google's Gemini API through the official SDK, streamed. The SDK has no retries and no
 * timeout unless asked, and its errors carry the response body as text: retries, an
 * idle timeout and messages that say what to do are ours.
 */
export class GeminiLlm implements Llm {
  readonly provider = "google";
  readonly capabilities = capabilities;
  readonly model: string;
  /** From the package's dated table; undefined for a model it has no price for. */
  readonly price: ModelPrice | undefined;
  /** From the package's table; undefined for a model it does not know. */
  readonly contextWindow: number | undefined;
  readonly settings: GeminiSettings;
  readonly #client: GoogleGenAI;
  #calls = 0;

  constructor(options: GeminiOptions = {}) {
    this.settings = resolveSettings(options);
    this.model = this.settings.model;
    this.price = priceFor(prices, this.model);
    this.contextWindow = contextWindowFor(contextWindows, this.model);
    this.#client = new GoogleGenAI({
      apiKey: this.settings.apiKey,
      // Everything explicit, so that the SDK reads nothing more from process.env.
      vertexai: false,
      apiVersion: sdkApiVersion(this.settings),
      httpOptions: { baseUrl: this.settings.baseURL },
    });
  }

  /** Starts the reply, retrying what may pass. */
  async #open(request: LlmRequest): Promise<OpenStream> {
    const { maxRetries } = this.settings;
    const { contents, systemInstruction } = toConversation(request);
    for (let retries = 0; ; retries++) {
      const idle = new IdleTimer(this.settings.timeoutMs, request.signal);
      let retryAfter: string | undefined;
      // The SDK's errors keep the body but not the headers: this keeps `retry-after`.
      const fetchNotingRetryAfter: typeof fetch = async (input, init) => {
        const response = await fetch(input, init);
        if (!response.ok) retryAfter = response.headers.get("retry-after") ?? undefined;
        return response;
      };
      try {
        const stream = await this.#client.models.generateContentStream({
          model: this.model,
          contents,
          config: {
            ...this.#generationConfig(request),
            ...(systemInstruction ? { systemInstruction } : {}),
            abortSignal: idle.signal,
            httpOptions: { fetch: fetchNotingRetryAfter },
          },
        });
        return { stream, idle };
      } catch (error) {
        idle.close();
        if (request.signal?.aborted) throw abortError();
        if (idle.expired) throw timeoutError(this.settings);
        const delay =
          retries < maxRetries && isRetryable(error)
            ? retryDelayMs(error, retries, this.settings.retryDelayMs, retryAfter)
            : undefined;
        if (delay === undefined) throw toLlmError(error, this.settings, retries);
        await wait(delay, request.signal).catch(() => {
          throw abortError();
        });
      }
    }
  }

  // One generator from request to chunks: each extra layer costs a turn per streamed token.
  async *stream(request: LlmRequest): AsyncGenerator<LlmChunk> {
    const { stream, idle } = await this.#open(request);
    const toolCalls: ToolCall[] = [];
    let finish: string | undefined;
    let usage: TokenUsage | undefined;
    let recognised = false;
    try {
      for await (const chunk of stream) {
        idle.reset();
        if (chunk.usageMetadata) usage = toUsage(chunk.usageMetadata);
        const candidate = candidateOf(chunk);
        recognised ||= Boolean(candidate || chunk.usageMetadata || chunk.promptFeedback);
        if (!candidate) {
          const blocked = chunk.promptFeedback?.blockReason;
          if (blocked) throw blockedError(this.settings, blocked);
          continue;
        }
        for (const part of candidate.content?.parts ?? []) {
          const call = part.functionCall && toToolCall(part, `call_${++this.#calls}`);
          if (call) toolCalls.push(call);
          const text = textOf(part);
          // A reader that stops here (at a stop sequence) closes the HTTP stream in finally.
          if (text) yield { type: "text", text };
        }
        if (candidate.finishReason) finish = candidate.finishReason;
      }
    } catch (error) {
      throw this.#streamFailure(error, request, idle);
    } finally {
      // Aborting is what closes the HTTP stream: the SDK's reader only lets go of it.
      idle.close();
    }
    // Not one reply chunk: an HTML page or some other JSON, not the Gemini API.
    if (!recognised) throw malformedError(this.settings);
    // No finish reason: the connection ended early. A partial reply is never an answer.
    if (!finish) throw brokenStreamError(this.settings);
    for (const call of toolCalls) yield { type: "tool-call", call };
    yield { type: "finish", reason: toFinishReason(finish, toolCalls.length > 0), usage };
  }

  #generationConfig(request: LlmRequest): GenerateContentConfig {
    const temperature = request.temperature ?? this.settings.temperature;
    const stops = (request.stop ?? [])
      .filter((stop) => stop.length > 0)
      .slice(0, MAX_STOP_SEQUENCES);
    const config: GenerateContentConfig = {};
    if (stops.length) config.stopSequences = stops;
    if (temperature !== undefined) config.temperature = temperature;
    if (request.maxTokens !== undefined) config.maxOutputTokens = request.maxTokens;
    const tools = toGeminiTools(request.tools);
    if (tools) config.tools = tools;
    return config;
  }

  #streamFailure(error: unknown, request: LlmRequest, idle: IdleTimer) {
    if (request.signal?.aborted) return abortError();
    if (idle.expired) return timeoutError(this.settings);
    if (isLangchainMiniError(error)) return error;
    const failure = toLlmError(error, this.settings);
    if (failure.code === "llm_bad_response") return failure;
    // The reply had started: whatever broke it, the partial text is no answer.
    return brokenStreamError(this.settings, error);
  }
}
