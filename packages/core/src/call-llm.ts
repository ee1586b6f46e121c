import type { Emit } from "./agent-run.js";
import { LangchainMiniError } from "./errors.js";
import type { ChatMessage, FinishReason, Llm, LlmRequest, TokenUsage, ToolCall } from "./llm.js";
import { StopSequenceCutter } from "./stop-sequences.js";

export interface LlmCallResult {
  readonly completion: string;
  readonly toolCalls: readonly ToolCall[];
  readonly reason: FinishReason;
  readonly usage?: TokenUsage;
}

/**
 * One LLM call inside a run: emits start, deltas and end, cuts the text at the first stop
 * sequence even when the provider did not, and closes the stream right there.
 */
export async function callLlm(
  llm: Llm,
  request: LlmRequest & { readonly signal: AbortSignal },
  step: number,
  emit: Emit,
): Promise<LlmCallResult> {
  const started = performance.now();
  emit(
    request.messages
      ? { type: "llm-start", step, messages: withoutProviderData(request.messages) }
      : { type: "llm-start", step, prompt: request.prompt ?? "" },
  );
  const cutter = new StopSequenceCutter(request.stop);
  let completion = "";
  const toolCalls: ToolCall[] = [];
  let reason: FinishReason = "other";
  let usage: TokenUsage | undefined;
  const append = (text: string) => {
    if (!text) return;
    completion += text;
    emit({ type: "llm-delta", step, text });
  };
  for await (const chunk of llm.stream(request)) {
    if (chunk.type === "text") {
      append(cutter.push(chunk.text));
      // Leaving the loop closes the provider's stream: no tokens are paid for past the stop.
      if (cutter.stopped) {
        reason = "stop";
        break;
      }
    } else if (chunk.type === "tool-call") toolCalls.push(chunk.call);
    else {
      reason = chunk.reason;
      usage = chunk.usage;
    }
  }
  append(cutter.flush());
  // Some providers end an aborted stream quietly; a cut-short completion is no answer.
  if (request.signal.aborted) throw new LangchainMiniError("aborted", "The run was cancelled");
  emit({
    type: "llm-end",
    step,
    completion,
    reason,
    usage,
    durationMs: performance.now() - started,
  });
  return { completion, toolCalls, reason, usage };
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
