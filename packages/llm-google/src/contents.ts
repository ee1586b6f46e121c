import type { Content, Part, Tool } from "@google/genai";
import type { ChatMessage, LlmRequest, ToolCall, ToolDefinition } from "@langchain-mini/core";
import { geminiCallIdOf, thoughtSignatureOf } from "./provider-data.js";

export interface GeminiConversation {
  readonly contents: Content[];
  readonly systemInstruction?: Content;
}

/**
 * A ReAct prompt is one user turn the model continues. Chat messages become Gemini's
 * contents: system messages its system instruction, the assistant the `model` role, a
 * tool result a `functionResponse` part in a user turn, and a model turn's function
 * calls go back with the thought signatures Gemini put on them.
 */
export function toConversation(request: LlmRequest): GeminiConversation {
  if (!request.messages) return { contents: [userText(request.prompt ?? "")] };
  const system = request.messages.flatMap((message) =>
    message.role === "system" ? [message.content] : [],
  );
  const calls = new Map<string, ToolCall>();
  const contents: Content[] = [];
  for (const message of request.messages) {
    const content = toContent(message, calls);
    if (!content) continue;
    // Gemini wants the results of parallel calls in one turn: same-role turns merge.
    const previous = contents.at(-1);
    if (previous && previous.role === content.role) previous.parts?.push(...(content.parts ?? []));
    else contents.push(content);
  }
  return {
    contents,
    ...(system.length ? { systemInstruction: { parts: [{ text: system.join("\n\n") }] } } : {}),
  };
}

export function toGeminiTools(tools: readonly ToolDefinition[] | undefined): Tool[] | undefined {
  if (!tools?.length) return undefined;
  return [
    {
      // The JSON Schema field takes a tool's schema as written; `parameters` takes a subset.
      functionDeclarations: tools.map((tool) => ({
        name: tool.name,
        description: tool.description,
        parametersJsonSchema: tool.parameters,
      })),
    },
  ];
}

function toContent(message: ChatMessage, calls: Map<string, ToolCall>): Content | undefined {
  switch (message.role) {
    case "system":
      return undefined;
    case "user":
      return userText(message.content);
    case "assistant": {
      const parts: Part[] = message.content ? [{ text: message.content }] : [];
      for (const call of message.toolCalls ?? []) {
        calls.set(call.id, call);
        parts.push(functionCallPart(call));
      }
      return parts.length ? { role: "model", parts } : undefined;
    }
    case "tool": {
      const call = calls.get(message.toolCallId);
      const id = call && geminiCallIdOf(call);
      const functionResponse = {
        name: call?.name ?? message.toolCallId,
        response: { output: message.content },
        ...(id ? { id } : {}),
      };
      return { role: "user", parts: [{ functionResponse }] };
    }
    default:
      return message satisfies never;
  }
}

function functionCallPart(call: ToolCall): Part {
  const signature = thoughtSignatureOf(call);
  const id = geminiCallIdOf(call);
  return {
    functionCall: { name: call.name, args: argumentsOf(call.arguments), ...(id ? { id } : {}) },
    ...(signature ? { thoughtSignature: signature } : {}),
  };
}

/** Gemini takes arguments as an object; a model's non-JSON arguments go back as `input`. */
function argumentsOf(text: string): Record<string, unknown> {
  try {
    const parsed: unknown = JSON.parse(text);
    if (typeof parsed === "object" && parsed !== null && !Array.isArray(parsed)) {
      return parsed as Record<string, unknown>;
    }
  } catch {
    // Not JSON: kept whole below.
  }
  return { input: text };
}

function userText(text: string): Content {
  return { role: "user", parts: [{ text }] };
}
