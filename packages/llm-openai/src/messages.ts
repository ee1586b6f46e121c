import type { ChatMessage, LlmRequest, ToolDefinition } from "@langchain-mini/core";
import type OpenAI from "openai";

type MessageParam = OpenAI.Chat.Completions.ChatCompletionMessageParam;
type ToolParam = OpenAI.Chat.Completions.ChatCompletionTool;

/** A ReAct prompt is sent as one user message; chat models continue it just as well. */
export function toOpenAiMessages(request: LlmRequest): MessageParam[] {
  if (request.messages) return request.messages.map(toOpenAiMessage);
  return [{ role: "user", content: request.prompt ?? "" }];
}

function toOpenAiMessage(message: ChatMessage): MessageParam {
  switch (message.role) {
    case "system":
    case "user":
      return { role: message.role, content: message.content };
    case "tool":
      return { role: "tool", content: message.content, tool_call_id: message.toolCallId };
    case "assistant":
      return {
        role: "assistant",
        content: message.content || null,
        ...(message.toolCalls?.length
          ? {
              tool_calls: message.toolCalls.map((call) => ({
                id: call.id,
                type: "function" as const,
                function: { name: call.name, arguments: call.arguments },
              })),
            }
          : {}),
      };
    default:
      return message satisfies never;
  }
}

export function toOpenAiTools(
  tools: readonly ToolDefinition[] | undefined,
): ToolParam[] | undefined {
  if (!tools?.length) return undefined;
  return tools.map((tool) => ({
    type: "function",
    function: {
      name: tool.name,
      description: tool.description,
      parameters: { ...tool.parameters },
    },
  }));
}
