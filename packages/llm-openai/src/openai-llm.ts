import {
  type FinishReason,
  LangchainMiniError,
  type Llm,
  type LlmChunk,
  type LlmRequest,
  StopSequenceCutter,
  type TokenUsage,
  type ToolCall,
} from "@langchain-mini/core";
import OpenAI from "openai";
import { brokenStreamError, malformedError, timeoutError, toLlmError } from "./failures.js";
import { toOpenAiMessages, toOpenAiTools } from "./messages.js";
import {
  type Parameter,
  refusedParameterOf,
  refusedParameters,
  rememberRefused,
} from "./parameter-support.js";
import { type OpenAiOptions, type OpenAiSettings, resolveSettings } from "./settings.js";

type Body = OpenAI.Chat.Completions.ChatCompletionCreateParamsStreaming;

/**
 * OpenAI's chat completions, streamed, and any server that speaks them. Parameters a
 * model refuses are left out (and `stop` then applied client-side, closing the HTTP
 * stream at the stop so nothing past it is paid for).
 */
export class OpenAiLlm implements Llm {
  readonly provider = "openai";
  readonly model: string;
  readonly settings: OpenAiSettings;
  readonly #client: OpenAI;

  constructor(options: OpenAiOptions = {}) {
    this.settings = resolveSettings(options);
    this.model = this.settings.model;
    this.#client = new OpenAI({
      apiKey: this.settings.apiKey,
      baseURL: this.settings.baseURL,
      timeout: this.settings.timeoutMs,
      maxRetries: this.settings.maxRetries,
    });
  }

  /** Starts the streamed request, leaving out parameters the model refuses. */
  async #open(request: LlmRequest) {
    const { host, model } = this.settings;
    // One retry per refused parameter at most: a server can refuse each only once.
    for (let attempt = 0; attempt < 4; attempt++) {
      const refused = refusedParameters(host, model);
      const idle = new IdleTimer(this.settings.timeoutMs);
      const signal = request.signal ? AbortSignal.any([request.signal, idle.signal]) : idle.signal;
      try {
        const stream = await this.#client.chat.completions.create(this.#body(request, refused), {
          signal,
        });
        return { stream, refused, idle };
      } catch (error) {
        idle.stop();
        const parameter =
          error instanceof OpenAI.BadRequestError ? refusedParameterOf(error) : undefined;
        if (parameter && !refused.has(parameter)) {
          rememberRefused(host, model, parameter);
          continue;
        }
        throw this.#failure(error, request, idle);
      }
    }
    throw new LangchainMiniError(
      "llm_bad_request",
      `${host} kept refusing the request's parameters: try another model`,
    );
  }

  async *stream(request: LlmRequest): AsyncGenerator<LlmChunk> {
    const { stream, refused, idle } = await this.#open(request);
    // Stops the model refused are applied here; the server applies the ones it was sent.
    const cutter = new StopSequenceCutter(refused.has("stop") ? request.stop : undefined);
    const calls = new Map<number, { id: string; name: string; arguments: string }>();
    let reason: FinishReason | undefined;
    let usage: TokenUsage | undefined;
    try {
      try {
        for await (const chunk of stream) {
          idle.reset();
          if (!chunk || typeof chunk !== "object" || !Array.isArray(chunk.choices))
            throw malformedError(this.settings);
          if (chunk.usage)
            usage = {
              inputTokens: chunk.usage.prompt_tokens,
              outputTokens: chunk.usage.completion_tokens,
            };
          const choice = chunk.choices[0];
          if (!choice) continue;
          const text = choice.delta?.content;
          if (text) {
            const safe = cutter.push(text);
            if (safe) yield { type: "text", text: safe };
            if (cutter.stopped) {
              // Close the HTTP stream here: tokens past the stop are never generated for us.
              stream.controller.abort();
              yield { type: "finish", reason: "stop", usage };
              return;
            }
          }
          for (const delta of choice.delta?.tool_calls ?? []) {
            const call = calls.get(delta.index) ?? { id: "", name: "", arguments: "" };
            call.id ||= delta.id ?? "";
            call.name += delta.function?.name ?? "";
            call.arguments += delta.function?.arguments ?? "";
            calls.set(delta.index, call);
          }
          if (choice.finish_reason) reason = finishReason(choice.finish_reason);
        }
      } catch (error) {
        if (error instanceof LangchainMiniError || error instanceof SyntaxError)
          throw this.#failure(error, request, idle);
        if (request.signal?.aborted || idle.expired) throw this.#failure(error, request, idle);
        // The reply had started: whatever broke it, the partial text is no answer.
        throw brokenStreamError(this.settings);
      }
      if (request.signal?.aborted) throw new LangchainMiniError("aborted", "The run was cancelled");
      if (idle.expired) throw timeoutError(this.settings);
      // No finish_reason: the connection ended early. A partial reply is never an answer.
      if (!reason) throw brokenStreamError(this.settings);
      const rest = cutter.flush();
      if (rest) yield { type: "text", text: rest };
      for (const call of calls.values()) yield { type: "tool-call", call: call satisfies ToolCall };
      yield { type: "finish", reason, usage };
    } finally {
      // Also when the caller stops reading early: no timer may outlive the call.
      idle.stop();
    }
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

  #failure(error: unknown, request: LlmRequest, idle: IdleTimer) {
    if (request.signal?.aborted) return new LangchainMiniError("aborted", "The run was cancelled");
    if (idle.expired) return timeoutError(this.settings);
    return toLlmError(error, this.settings);
  }
}

function finishReason(reason: string): FinishReason {
  if (reason === "stop" || reason === "length") return reason;
  if (reason === "tool_calls" || reason === "function_call") return "tool-calls";
  return "other";
}

/** Aborts when the server has sent nothing for `ms`: covers a hung connect and a stalled stream. */
class IdleTimer {
  readonly #controller = new AbortController();
  readonly #timer: ReturnType<typeof setTimeout>;

  constructor(ms: number) {
    this.#timer = setTimeout(() => this.#controller.abort(), ms);
  }
  get signal() {
    return this.#controller.signal;
  }
  get expired() {
    return this.#controller.signal.aborted;
  }
  reset() {
    // refresh() re-arms the same timer: no allocation per streamed token.
    this.#timer.refresh();
  }
  stop() {
    clearTimeout(this.#timer);
  }
}
