import type Anthropic from "@anthropic-ai/sdk";
import type { ProviderData, ToolCall } from "@langchain-mini/core";

export type ThinkingBlock =
  | Anthropic.Messages.ThinkingBlockParam
  | Anthropic.Messages.RedactedThinkingBlockParam;

/**
 * Claude models that think (Claude 5 models do by default) open a turn with thinking
 * blocks, and when that turn calls tools the API wants those blocks back, unchanged and
 * signed, before its `tool_use` blocks in the next request. They travel on the turn's
 * first tool call, in core's `providerData` under this provider's name.
 */
export function withThinking(call: ToolCall, blocks: readonly ThinkingBlock[]): ToolCall {
  if (blocks.length === 0) return call;
  const providerData: ProviderData = { ...call.providerData, anthropic: { thinking: blocks } };
  return { ...call, providerData };
}

/** The thinking blocks a call carries; anything malformed is left out rather than sent. */
export function thinkingOf(call: ToolCall | undefined): ThinkingBlock[] {
  const carried = (call?.providerData?.anthropic as { thinking?: unknown } | undefined)?.thinking;
  if (!Array.isArray(carried)) return [];
  return carried.flatMap((block: unknown): ThinkingBlock[] => {
    const { type, thinking, signature, data } = (block ?? {}) as Record<string, unknown>;
    if (type === "thinking" && typeof thinking === "string" && typeof signature === "string")
      return [{ type, thinking, signature }];
    if (type === "redacted_thinking" && typeof data === "string") return [{ type, data }];
    return [];
  });
}
