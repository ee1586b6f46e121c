import Anthropic from "@anthropic-ai/sdk";
import {
  abortError,
  isLangchainMiniError,
  type Llm,
  type LlmChunk,
  type LlmRequest,
  type ModelPrice,
  priceFor,
} from "@langchain-mini/core";
import {
  contextWindowFor,
  IdleTimer,
  readServerText,
  SDK_LOGGER,
  ServerDataError,
  StopSequenceCutter,
  wait,
} from "@langchain-mini/core/provider-kit";
import { capabilities } from "./capabilities.js";
import { Continuation } from "./continuation.js";
import { brokenStreamError, malformedError, timeoutError, toLlmError } from "./failures.js";
import { refusesPrefill, rememberPrefillRefused, takesPrefill } from "./model-support.js";
import { contextWindows, prices } from "./prices.js";
import { PromptBlocks } from "./prompt-blocks.js";
import { ReplyState } from "./reply-state.js";
import { type PreparedRequest, prepareRequest } from "./request-body.js";
import { isRetryable, retryDelayMs } from "./retry.js";
import { type AnthropicOptions, type AnthropicSettings, resolveSettings } from "./settings.js";
import { withThinking } from "./thinking.js";

type EventStream = AsyncIterable<Anthropic.Messages.RawMessageStreamEvent> & {
  readonly controller: AbortController;
};

interface OpenStream {
  readonly stream: EventStream;
  readonly idle: IdleTimer;
  readonly prepared: PreparedRequest;
}

/**
 * Claude through Anthropic's Messages API, streamed. A ReAct prompt goes as one user
 * message (its trailing label as an assistant prefill where the model takes one), split
 * into blocks where earlier prompts ended so that the prompt cache serves each step's
 * prefix; chat messages go with native tool use.
 */
export class AnthropicLlm implements Llm {
  readonly provider = "anthropic";
  readonly capabilities = capabilities;
  readonly model: string;
  /** From the package's dated table; undefined for a model it has no price for. */
  readonly price: ModelPrice | undefined;
  /** From the package's table; undefined for a model it does not know. */
  readonly contextWindow: number | undefined;
  readonly settings: AnthropicSettings;
  readonly #client: Anthropic;
  readonly #promptBlocks = new PromptBlocks();

  constructor(options: AnthropicOptions = {}) {
    this.settings = resolveSettings(options);
    this.model = this.settings.model;
    this.price = priceFor(prices, this.model);
    this.contextWindow = contextWindowFor(contextWindows, this.model);
    this.#client = new Anthropic({
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

  // One generator from request to chunks: each extra layer costs a turn per streamed token.
  async *stream(request: LlmRequest): AsyncGenerator<LlmChunk> {
    const attempts = { retries: 0 };
    for (;;) {
      const { stream, idle, prepared } = await this.#open(request, attempts);
      const reply = new ReplyState();
      const continuation = new Continuation(prepared.label);
      const cutter = new StopSequenceCutter(prepared.clientStops);
      let emitted = false;
      try {
        for await (const event of stream) {
          idle.reset();
          const text =
            event.type === "content_block_delta" && event.delta.type === "text_delta"
              ? readServerText(event.delta.text, "text_delta.text")
              : reply.take(event);
          if (!text) continue;
          const safe = cutter.push(continuation.push(text));
          if (safe) {
            emitted = true;
            yield { type: "text", text: safe };
          }
          if (cutter.stopped) {
            // Close the HTTP stream here: tokens past the stop are never generated for us.
            stream.controller.abort();
            yield { type: "finish", reason: "stop", usage: reply.usage };
            return;
          }
        }
      } catch (error) {
        idle.stop();
        // Anthropic may answer 200 and then send `overloaded_error`: before any text, try again.
        if (!emitted && !request.signal?.aborted && !idle.expired && isRetryable(error)) {
          await this.#backOff(error, request, attempts);
          continue;
        }
        throw this.#streamFailure(error, request, idle);
      } finally {
        idle.stop();
      }
      // The SDK ends the iteration quietly when its signal aborts: a short reply is no answer.
      if (request.signal?.aborted) throw abortError();
      if (idle.expired) throw timeoutError(this.settings);
      // Not one Messages API event: an HTML page, a JSON body, another API's stream.
      if (!reply.started) throw malformedError(this.settings);
      // No message_stop: the connection ended early. A partial reply is never an answer.
      if (!reply.finished) throw brokenStreamError(this.settings);
      const rest = cutter.push(continuation.flush()) + cutter.flush();
      if (rest) yield { type: "text", text: rest };
      const thinking = reply.thinkingBlocks();
      for (const [index, call] of reply.toolCalls().entries())
        yield { type: "tool-call", call: index === 0 ? withThinking(call, thinking) : call };
      yield { type: "finish", reason: reply.reason ?? "other", usage: reply.usage };
      return;
    }
  }

  /** Starts the reply, leaving out what the model refuses and retrying what may pass. */
  async #open(request: LlmRequest, attempts: { retries: number }): Promise<OpenStream> {
    const { host, model } = this.settings;
    for (;;) {
      const prefill = takesPrefill(host, model);
      const prepared = prepareRequest(request, this.settings, prefill, this.#promptBlocks);
      const idle = new IdleTimer(this.settings.timeoutMs, request.signal);
      try {
        const stream = await this.#client.messages.create(prepared.body, { signal: idle.signal });
        return { stream, idle, prepared };
      } catch (error) {
        idle.stop();
        if (request.signal?.aborted) throw abortError();
        if (idle.expired) throw timeoutError(this.settings);
        // Once refused, a prefill is never sent to this model again: at most one retry.
        if (
          prefill &&
          error instanceof Anthropic.BadRequestError &&
          refusesPrefill(error.message)
        ) {
          rememberPrefillRefused(host, model);
          continue;
        }
        await this.#backOff(error, request, attempts);
      }
    }
  }

  /** Waits before the next attempt, or throws the failure when no retry is left or worth it. */
  async #backOff(error: unknown, request: LlmRequest, attempts: { retries: number }) {
    const delay =
      attempts.retries < this.settings.maxRetries && isRetryable(error)
        ? retryDelayMs(error, attempts.retries, this.settings.retryDelayMs)
        : undefined;
    if (delay === undefined) throw toLlmError(error, this.settings, attempts.retries);
    attempts.retries++;
    await wait(delay, request.signal).catch(() => {
      throw abortError();
    });
  }

  #streamFailure(error: unknown, request: LlmRequest, idle: IdleTimer) {
    if (request.signal?.aborted) return abortError();
    if (idle.expired) return timeoutError(this.settings);
    if (isLangchainMiniError(error)) return error;
    if (error instanceof SyntaxError || error instanceof ServerDataError) {
      return malformedError(this.settings, error);
    }
    return brokenStreamError(this.settings, error);
  }
}
