import type Anthropic from "@anthropic-ai/sdk";
import type { ChatMessage, ToolCall, ToolDefinition } from "@langchain-mini/core";
import { thinkingOf } from "./thinking.js";

type MessageParam = Anthropic.Messages.MessageParam;
type ContentBlock = Anthropic.Messages.ContentBlockParam;
type TextBlock = Anthropic.Messages.TextBlockParam;

/** One cache breakpoint, Anthropic's default five-minute cache. */
export const BREAKPOINT = { type: "ephemeral" } as const;

export interface Conversation {
  readonly system: TextBlock[] | undefined;
  readonly messages: MessageParam[];
}

/**
 * Chat messages in the Messages API's shape: system messages become the `system`
 * parameter, an assistant's tool calls `tool_use` blocks (after the thinking blocks the
 * model wrote before them, which the API wants back), and tool results `tool_result`
 * blocks in the next user turn. Consecutive turns of one role are merged, as the API
 * requires tool results answering one assistant turn to share one user turn.
 */
export function toConversation(messages: readonly ChatMessage[], caching: boolean): Conversation {
  const system: TextBlock[] = [];
  const turns: { role: "user" | "assistant"; content: ContentBlock[] }[] = [];
  const add = (role: "user" | "assistant", blocks: ContentBlock[]) => {
    if (blocks.length === 0) return;
    const last = turns.at(-1);
    if (last?.role === role) last.content.push(...blocks);
    else turns.push({ role, content: blocks });
  };
  for (const message of messages) {
    switch (message.role) {
      case "system":
        if (message.content) system.push({ type: "text", text: message.content });
        break;
      case "user":
        add("user", textBlocks(message.content));
        break;
      case "tool":
        add("user", [
          { type: "tool_result", tool_use_id: message.toolCallId, content: message.content },
        ]);
        break;
      case "assistant": {
        const calls = message.toolCalls ?? [];
        add("assistant", [
          ...thinkingOf(calls[0]),
          ...textBlocks(message.content),
          ...calls.map(toolUseBlock),
        ]);
        break;
      }
      default:
        message satisfies never;
    }
  }
  // The conversation only grows: the next call reads all of it but its newest turns from the cache.
  const lastBlock = turns.at(-1)?.content.at(-1);
  if (
    caching &&
    lastBlock &&
    lastBlock.type !== "thinking" &&
    lastBlock.type !== "redacted_thinking"
  )
    lastBlock.cache_control = BREAKPOINT;
  return { system: system.length ? system : undefined, messages: turns };
}

export function toAnthropicTools(
  tools: readonly ToolDefinition[] | undefined,
): Anthropic.Messages.Tool[] | undefined {
  if (!tools?.length) return undefined;
  return tools.map((tool) => ({
    name: tool.name,
    description: tool.description,
    input_schema: { type: "object", ...tool.parameters },
  }));
}

/** The API refuses empty text blocks. */
function textBlocks(text: string): TextBlock[] {
  return text ? [{ type: "text", text }] : [];
}

/** Arguments are JSON text in core and an object on the wire. */
function toolUseBlock(call: ToolCall): Anthropic.Messages.ToolUseBlockParam {
  let input: unknown;
  try {
    input = JSON.parse(call.arguments || "{}");
  } catch {
    input = { input: call.arguments };
  }
  if (typeof input !== "object" || input === null || Array.isArray(input)) input = { input };
  return { type: "tool_use", id: call.id, name: call.name, input };
}
