import { errorInfo } from "../contracts/errors.js";
import type { LlmCallPurpose } from "../contracts/events.js";
import type {
  ChatMessage,
  FinishReason,
  Llm,
  LlmRequest,
  TokenUsage,
  ToolCall,
} from "../contracts/llm.js";
import type { RunRecord } from "../contracts/run-journal.js";
import { costOf } from "../cost/cost.js";
import { CollectedReply } from "../stream/collected-reply.js";
import { readLlmInto } from "../stream/read-llm.js";
import type { Emit } from "./agent-run.js";

export interface LlmCallResult {
  readonly completion: string;
  readonly toolCalls: readonly ToolCall[];
  readonly reason: FinishReason;
  readonly usage?: TokenUsage;
  /** US dollars, when the model's price and the usage are known. */
  readonly cost?: number;
}

export interface CallLlmOptions {
  readonly step: number;
  /** Memory's calls say why they are made; the agent's own calls leave it out. */
  readonly purpose?: LlmCallPurpose;
  /** The prompt is the previous agent call's plus this text (see the llm-start event). */
  readonly appended?: string;
  /** All but this many of the messages were sent in the previous agent call. */
  readonly newMessages?: number;
}

/** One of the agent's LLM calls inside a run: replayed from the journal, or made and kept. */
export type LoopCall = (
  request: LlmRequest & { readonly signal: AbortSignal },
  options: CallLlmOptions,
) => Promise<LlmCallResult>;

/**
 * One LLM call inside a run: llm-start, an llm-delta per piece of text, llm-end. A call
 * that fails or is cancelled still ends with llm-end (carrying the error and the text so
 * far), so every start has its end and the call's time counts as the LLM's.
 */
export async function callLlm(
  llm: Llm,
  request: LlmRequest & { readonly signal: AbortSignal },
  options: CallLlmOptions,
  emit: Emit,
): Promise<LlmCallResult> {
  const started = performance.now();
  const tag = emitStart(request, options, emit);
  const reply = new CollectedReply();
  try {
    await readLlmInto(llm, request, (chunk) => {
      reply.add(chunk);
      if (chunk.type === "text") emit({ type: "llm-delta", ...tag, text: chunk.text });
    });
  } catch (error) {
    emit({
      type: "llm-end",
      ...tag,
      completion: reply.text,
      reason: request.signal.aborted ? "aborted" : "other",
      durationMs: performance.now() - started,
      error: errorInfo(error),
    });
    throw error;
  }
  const response = reply.response();
  const cost = callCost(llm, response.usage);
  emit({
    type: "llm-end",
    ...tag,
    completion: response.text,
    ...(response.toolCalls.length === 0
      ? {}
      : { toolCalls: response.toolCalls.map(({ providerData: _, ...call }) => call) }),
    reason: response.reason,
    usage: response.usage,
    ...(cost === undefined ? {} : { cost }),
    durationMs: performance.now() - started,
  });
  if (response.reason === "length") {
    const limit = request.maxTokens === undefined ? "" : ` of ${request.maxTokens} tokens`;
    emit({
      type: "warning",
      message: `The model's reply was cut at the output limit${limit}: what it wrote so far is used; raise the limit (--max-tokens) if replies need more`,
    });
  }
  return {
    completion: response.text,
    toolCalls: response.toolCalls,
    reason: response.reason,
    usage: response.usage,
    ...(cost === undefined ? {} : { cost }),
  };
}

/**
 * A call the run's journal recorded, as the loop sees it again: the same llm-start (the
 * prompt rebuilt from the steps before it) and an llm-end with what the model said then,
 * without calling it.
 */
export function replayLlmCall(
  recorded: LlmCallResult,
  request: LlmRequest,
  options: CallLlmOptions,
  emit: Emit,
): LlmCallResult {
  const tag = emitStart(request, options, emit);
  emit({
    type: "llm-end",
    ...tag,
    completion: recorded.completion,
    ...(recorded.toolCalls.length === 0
      ? {}
      : { toolCalls: recorded.toolCalls.map(({ providerData: _, ...call }) => call) }),
    reason: recorded.reason,
    ...(recorded.usage ? { usage: recorded.usage } : {}),
    ...(recorded.cost === undefined ? {} : { cost: recorded.cost }),
    durationMs: 0,
  });
  return recorded;
}

/** What the journal keeps of a finished call: everything the next request depends on. */
export function llmRecord(options: CallLlmOptions, call: LlmCallResult): RunRecord {
  return {
    type: "llm",
    step: options.step,
    ...(options.purpose === "compaction" ? { purpose: "compaction" as const } : {}),
    completion: call.completion,
    ...(call.toolCalls.length === 0 ? {} : { toolCalls: call.toolCalls }),
    reason: call.reason,
    ...(call.usage ? { usage: call.usage } : {}),
    ...(call.cost === undefined ? {} : { cost: call.cost }),
  };
}

function emitStart(request: LlmRequest, options: CallLlmOptions, emit: Emit) {
  const { step, purpose } = options;
  const tag = purpose ? { step, purpose } : { step };
  emit(
    request.messages
      ? {
          type: "llm-start",
          ...tag,
          messages: withoutProviderData(request.messages),
          ...(options.newMessages === undefined ? {} : { newMessages: options.newMessages }),
        }
      : {
          type: "llm-start",
          ...tag,
          prompt: request.prompt ?? "",
          ...(options.appended === undefined ? {} : { appended: options.appended }),
        },
  );
  return tag;
}

/** Undefined without a price or a usage, and for a price that makes no number. */
function callCost(llm: Llm, usage: TokenUsage | undefined): number | undefined {
  if (!llm.price || !usage) return undefined;
  const cost = costOf(usage, llm.price);
  return Number.isFinite(cost) && cost >= 0 ? cost : undefined;
}

/** The messages as events show them: what providers keep on tool calls is theirs alone. */
function withoutProviderData(messages: readonly ChatMessage[]): readonly ChatMessage[] {
  const carried = (message: ChatMessage) =>
    message.role === "assistant" && message.toolCalls?.some((call) => call.providerData);
  if (!messages.some(carried)) return messages;
  return messages.map((message) =>
    message.role === "assistant" && carried(message)
      ? {
          ...message,
          toolCalls: message.toolCalls?.map(({ providerData: _, ...call }) => call),
        }
      : message,
  );
}
