import type {
  FinishReason,
  LlmChunk,
  LlmResponse,
  TokenUsage,
  ToolCall,
} from "../contracts/llm.js";

/** A reply gathered chunk by chunk: its text, tool calls, finish reason and usage. */
export class CollectedReply {
  /** The text so far: what a call that fails midway had received. */
  text = "";
  readonly #toolCalls: ToolCall[] = [];
  #reason: FinishReason = "other";
  #usage: TokenUsage | undefined;

  add(chunk: LlmChunk) {
    if (chunk.type === "text") this.text += chunk.text;
    else if (chunk.type === "tool-call") this.#toolCalls.push(chunk.call);
    else {
      this.#reason = chunk.reason;
      this.#usage = chunk.usage;
    }
  }

  response(): LlmResponse {
    return {
      text: this.text,
      toolCalls: this.#toolCalls,
      reason: this.#reason,
      usage: this.#usage,
    };
  }
}
