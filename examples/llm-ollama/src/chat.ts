import type { ChatMessage, LlmChunk, LlmRequest, ToolCall } from "@langchain-mini/core";
import { finish, type OllamaLine, postForLines } from "./ndjson.js";

/** A tool call as Ollama writes it: the arguments are an object, not JSON text. */
interface OllamaToolCall {
  readonly id?: string;
  readonly function: { readonly name: string; readonly arguments: Record<string, unknown> };
}

interface ChatLine extends OllamaLine {
  readonly message?: { readonly content?: string; readonly tool_calls?: OllamaToolCall[] };
}

/**
 * Chat messages and tool definitions (what the function-calling agent sends) through
 * /api/chat, streamed: text as it comes, each tool call whole.
 */
export async function* chat(
  url: string,
  model: string,
  request: LlmRequest,
): AsyncGenerator<LlmChunk> {
  const { messages = [], tools, stop, maxTokens, temperature, signal } = request;
  const body = {
    model,
    messages: toOllamaMessages(messages),
    tools: tools?.map((tool) => ({ type: "function", function: tool })),
    options: { stop, num_predict: maxTokens, temperature },
  };
  let calls = 0;
  for await (const line of postForLines<ChatLine>(url, body, signal)) {
    if (line.message?.content) yield { type: "text", text: line.message.content };
    for (const call of line.message?.tool_calls ?? []) {
      // Older Ollama versions give no id; the agent needs one to pair results with calls.
      const id = call.id ?? `call_${calls}`;
      calls++;
      const { name, arguments: values } = call.function;
      yield { type: "tool-call", call: { id, name, arguments: JSON.stringify(values ?? {}) } };
    }
    if (line.done) yield finish(line, calls > 0);
  }
}

/** Our messages in Ollama's shape: tool calls with object arguments, results named. */
function toOllamaMessages(messages: readonly ChatMessage[]) {
  const names = new Map<string, string>();
  return messages.map((message) => {
    if (message.role === "assistant" && message.toolCalls?.length) {
      for (const call of message.toolCalls) names.set(call.id, call.name);
      const { content, toolCalls } = message;
      return { role: "assistant", content, tool_calls: toolCalls.map(toOllama) };
    }
    if (message.role === "tool") {
      const { content, toolCallId } = message;
      return { role: "tool", content, tool_call_id: toolCallId, tool_name: names.get(toolCallId) };
    }
    return { role: message.role, content: message.content };
  });
}

function toOllama(call: ToolCall): OllamaToolCall {
  return { id: call.id, function: { name: call.name, arguments: parseArguments(call.arguments) } };
}

function parseArguments(text: string): Record<string, unknown> {
  try {
    const value: unknown = JSON.parse(text);
    if (typeof value === "object" && value !== null && !Array.isArray(value)) {
      return value as Record<string, unknown>;
    }
  } catch {
    // Not JSON: a model's raw text, kept as the tool's one input.
  }
  return { input: text };
}
