import type { ProviderData, ToolCall } from "@langchain-mini/core";

/** What this provider keeps on a tool call, under `providerData.google`. */
interface GoogleCallData {
  /** Gemini 3 signs a function call and rejects the next request without the signature. */
  readonly thoughtSignature?: string;
  /** The call's id when Gemini gave it one (it then wants it back); ours are made up. */
  readonly callId?: string;
}

export function toProviderData(data: GoogleCallData): ProviderData | undefined {
  return data.thoughtSignature || data.callId ? { google: data } : undefined;
}

export function thoughtSignatureOf(call: ToolCall): string | undefined {
  const signature = dataOf(call)?.thoughtSignature;
  return typeof signature === "string" && signature ? signature : undefined;
}

export function geminiCallIdOf(call: ToolCall): string | undefined {
  const id = dataOf(call)?.callId;
  return typeof id === "string" && id ? id : undefined;
}

function dataOf(call: ToolCall) {
  const data = call.providerData?.google;
  return typeof data === "object" && data !== null ? (data as Record<string, unknown>) : undefined;
}
