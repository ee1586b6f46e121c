import type Anthropic from "@anthropic-ai/sdk";
import type { FinishReason, TokenUsage, ToolCall } from "@langchain-mini/core";
import { readServerText, readTokenCount } from "@langchain-mini/core/provider-kit";
import type { ThinkingBlock } from "./thinking.js";

type StreamEvent = Anthropic.Messages.RawMessageStreamEvent;
type WireUsage = Partial<Anthropic.Messages.MessageDeltaUsage> | Partial<Anthropic.Messages.Usage>;

interface OpenBlock {
  readonly type: "tool_use" | "thinking" | "redacted_thinking" | "other";
  id: string;
  name: string;
  /** The tool call's JSON arguments, or the thinking text. */
  text: string;
  signature: string;
}

/**
 * Everything in a streamed reply but its text deltas (which the provider passes on as
 * they come): tool calls assembled from their JSON pieces, thinking blocks kept for the
 * next request, the stop reason and the usage, which `message_delta` reports cumulatively.
 */
export class ReplyState {
  readonly #blocks = new Map<number, OpenBlock>();
  #usage: { input: number; output: number; read: number; written: number } | undefined;
  #stopReason: Anthropic.Messages.StopReason | undefined;
  /** A `message_start` arrived: this is a Messages API stream. */
  started = false;
  /** `message_stop` arrived: the reply is complete. */
  finished = false;

  /** Takes any event but a text delta; returns text a block starts with, if any. */
  take(event: StreamEvent): string {
    switch (event.type) {
      case "message_start":
        this.started = true;
        this.#addUsage(event.message?.usage);
        return "";
      case "content_block_start":
        return this.#open(event.index, event.content_block);
      case "content_block_delta":
        this.#extend(event.index, event.delta);
        return "";
      case "message_delta":
        this.#stopReason = event.delta.stop_reason ?? this.#stopReason;
        this.#addUsage(event.usage);
        return "";
      case "message_stop":
        this.finished = true;
        return "";
      default:
        return "";
    }
  }

  /** The calls in the order the model made them. */
  toolCalls(): ToolCall[] {
    return this.#ordered("tool_use").map((block) => ({
      id: block.id,
      name: block.name,
      arguments: block.text || "{}",
    }));
  }

  /** The turn's thinking blocks, as the next request must send them back. */
  thinkingBlocks(): ThinkingBlock[] {
    return [...this.#blocks.entries()]
      .sort(([left], [right]) => left - right)
      .flatMap(([, block]): ThinkingBlock[] => {
        if (block.type === "thinking")
          return [{ type: "thinking", thinking: block.text, signature: block.signature }];
        if (block.type === "redacted_thinking")
          return [{ type: "redacted_thinking", data: block.text }];
        return [];
      });
  }

  get reason(): FinishReason | undefined {
    switch (this.#stopReason) {
      case undefined:
        return undefined;
      case "end_turn":
      case "stop_sequence":
        return "stop";
      case "max_tokens":
      case "model_context_window_exceeded":
        return "length";
      case "tool_use":
        return "tool-calls";
      default:
        return "other";
    }
  }

  /** `inputTokens` counts every prompt token: uncached, written to the cache and read from it. */
  get usage(): TokenUsage | undefined {
    const usage = this.#usage;
    if (!usage) return undefined;
    return {
      inputTokens: usage.input + usage.read + usage.written,
      outputTokens: usage.output,
      cachedInputTokens: usage.read,
      cacheWriteTokens: usage.written,
    };
  }

  #open(index: number, start: { readonly type: string }): string {
    const block = start as { readonly type: string } & Readonly<Record<string, unknown>>;
    const type =
      block.type === "tool_use" || block.type === "thinking" || block.type === "redacted_thinking"
        ? block.type
        : "other";
    const text =
      type === "thinking"
        ? String(block.thinking ?? "")
        : type === "redacted_thinking"
          ? String(block.data ?? "")
          : "";
    this.#blocks.set(index, {
      type,
      id: String(block.id ?? ""),
      name: String(block.name ?? ""),
      text,
      signature: String(block.signature ?? ""),
    });
    return block.type === "text" ? (readServerText(block.text, "content_block.text") ?? "") : "";
  }

  #extend(index: number, delta: Anthropic.Messages.RawContentBlockDelta) {
    const block = this.#blocks.get(index);
    if (!block) return;
    if (delta.type === "input_json_delta") block.text += delta.partial_json;
    else if (delta.type === "thinking_delta") block.text += delta.thinking;
    else if (delta.type === "signature_delta") block.signature += delta.signature;
  }

  #ordered(type: OpenBlock["type"]) {
    return [...this.#blocks.entries()]
      .filter(([, block]) => block.type === type)
      .sort(([left], [right]) => left - right)
      .map(([, block]) => block);
  }

  #addUsage(wire: WireUsage | null | undefined) {
    if (!wire) return;
    const usage = this.#usage ?? { input: 0, output: 0, read: 0, written: 0 };
    // Each report is cumulative: a field that is present replaces the earlier value.
    usage.input = readTokenCount(wire.input_tokens, "usage.input_tokens") ?? usage.input;
    usage.output = readTokenCount(wire.output_tokens, "usage.output_tokens") ?? usage.output;
    usage.read =
      readTokenCount(wire.cache_read_input_tokens, "usage.cache_read_input_tokens") ?? usage.read;
    usage.written =
      readTokenCount(wire.cache_creation_input_tokens, "usage.cache_creation_input_tokens") ??
      usage.written;
    this.#usage = usage;
  }
}
