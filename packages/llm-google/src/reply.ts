import type {
  GenerateContentResponse,
  GenerateContentResponseUsageMetadata,
  Part,
} from "@google/genai";
import type { FinishReason, TokenUsage, ToolCall } from "@langchain-mini/core";
import { readServerText, readTokenCount } from "@langchain-mini/core/provider-kit";
import { toProviderData } from "./provider-data.js";

type Candidate = NonNullable<GenerateContentResponse["candidates"]>[number];

/** The first candidate of a streamed chunk: the only one asked for. */
export function candidateOf(chunk: GenerateContentResponse): Candidate | undefined {
  return chunk.candidates?.[0];
}

/**
 * A part's visible text. Read from the parts, never through the SDK's `chunk.text`,
 * which warns on stderr for a chunk with a function call; thought summaries are not
 * the answer.
 */
export function textOf(part: Part): string {
  const text = readServerText(part.text, "part.text") ?? "";
  return part.thought ? "" : text;
}

/** A function call as core's tool call; `id` is used when Gemini gave the call none. */
export function toToolCall(part: Part, id: string): ToolCall | undefined {
  const call = part.functionCall;
  const name = readServerText(call?.name, "functionCall.name");
  if (!call || !name) return undefined;
  const callId = readServerText(call.id, "functionCall.id");
  const thoughtSignature = readServerText(part.thoughtSignature, "part.thoughtSignature");
  const providerData = toProviderData({
    ...(thoughtSignature ? { thoughtSignature } : {}),
    ...(callId ? { callId } : {}),
  });
  return {
    id: callId || id,
    name,
    arguments: JSON.stringify(call.args ?? {}),
    ...(providerData ? { providerData } : {}),
  };
}

/**
 * Gemini's counts as core's: thinking is billed as output and prompts for built-in
 * tools as input; the cache count is reported even when nothing was read from it
 * (Gemini caches long prompts by itself, so 0 is a figure, not a gap). A count that is
 * not one is a malformed reply.
 */
export function toUsage(metadata: GenerateContentResponseUsageMetadata): TokenUsage {
  const count = (field: keyof GenerateContentResponseUsageMetadata) =>
    readTokenCount(metadata[field], `usageMetadata.${field}`) ?? 0;
  return {
    inputTokens: count("promptTokenCount") + count("toolUsePromptTokenCount"),
    outputTokens: count("candidatesTokenCount") + count("thoughtsTokenCount"),
    cachedInputTokens: count("cachedContentTokenCount"),
  };
}

/** Gemini ends a reply with STOP whether or not it called functions. */
export function toFinishReason(reason: string, calledTools: boolean): FinishReason {
  if (calledTools) return "tool-calls";
  if (reason === "STOP") return "stop";
  if (reason === "MAX_TOKENS") return "length";
  return "other";
}
