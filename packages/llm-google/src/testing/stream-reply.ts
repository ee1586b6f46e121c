import type { ServerResponse } from "node:http";
import type { FakeTextReply, RecordedRequest } from "./fake-reply.js";
import { countTokens, type PromptCache } from "./prompt-cache.js";
import { signatureFor } from "./signatures.js";

/**
 * Streams one reply as `streamGenerateContent?alt=sse` does: `data:` events of
 * GenerateContentResponse JSON, each with the first candidate's new parts and the usage
 * so far; the last one carries the finish reason and the final counts.
 */
export async function streamReply(
  reply: FakeTextReply,
  recorded: RecordedRequest,
  response: ServerResponse,
  context: { readonly signs: boolean; readonly cache: PromptCache },
) {
  const { body, model } = recorded;
  const prompt = JSON.stringify([
    body.systemInstruction ?? null,
    body.tools ?? null,
    body.contents,
  ]);
  const promptTokenCount = countTokens(prompt);
  const cached = context.cache.lookUp(model, prompt);
  const text = reply.honourStop === false ? reply.text : cutAtStops(reply.text, body);
  response.on("close", () => {
    if (!response.writableFinished) recorded.closedEarly = true;
  });
  response.writeHead(200, {
    "content-type": "text/event-stream",
    "content-disposition": "attachment",
  });
  let written = "";
  const send = (parts: readonly unknown[], finishReason?: string) => {
    if (response.destroyed) return false;
    const candidatesTokenCount = countTokens(written);
    const usageMetadata = {
      promptTokenCount,
      candidatesTokenCount,
      totalTokenCount: promptTokenCount + candidatesTokenCount,
      ...(finishReason && cached ? { cachedContentTokenCount: cached } : {}),
      ...(finishReason && reply.thoughtsTokenCount
        ? { thoughtsTokenCount: reply.thoughtsTokenCount }
        : {}),
    };
    const candidate = {
      content: { parts, role: "model" },
      ...(finishReason ? { finishReason } : {}),
      index: 0,
    };
    const chunk = {
      candidates: [candidate],
      usageMetadata: finishReason && "usage" in reply ? reply.usage : usageMetadata,
      modelVersion: model,
      responseId: "fake-response",
    };
    response.write(`data: ${JSON.stringify(chunk)}\r\n\r\n`);
    recorded.chunksSent++;
    return true;
  };

  const size = reply.chunkSize ?? 6;
  const calls = reply.functionCalls ?? [];
  const finish = reply.finishReason ?? "STOP";
  if (reply.content !== undefined && !send([{ text: reply.content }])) return;
  for (let start = 0; start < text.length; start += size) {
    if (recorded.chunksSent === reply.disconnectAfter) {
      // Let what was written reach the client first: the break must come mid-reply.
      await new Promise((resolve) => setTimeout(resolve, 30));
      response.socket?.destroy();
      return;
    }
    if (recorded.chunksSent === reply.errorEventAfter) {
      const error = {
        code: 500,
        message:
          "An internal error has occurred. Please retry or report in https://developers.generativeai.google/guide/troubleshooting",
        status: "INTERNAL",
      };
      response.end(`data: ${JSON.stringify({ error })}\r\n\r\n`);
      return;
    }
    if (reply.chunkDelayMs) await new Promise((resolve) => setTimeout(resolve, reply.chunkDelayMs));
    const piece = text.slice(start, start + size);
    written += piece;
    const last = start + size >= text.length && calls.length === 0;
    if (!send([{ text: piece }], last ? finish : undefined)) return;
  }
  if (calls.length > 0) {
    // All calls of a step come in one chunk; Gemini 3 signs the first of them.
    const parts = calls.map((call, index) => {
      written += JSON.stringify(call);
      const functionCall = {
        name: call.name,
        args: call.args,
        ...(call.id ? { id: call.id } : {}),
      };
      return index === 0 && context.signs
        ? { functionCall, thoughtSignature: signatureFor(call) }
        : { functionCall };
    });
    send(parts, finish);
  } else if (text.length === 0) {
    send([{ text: "" }], finish);
  }
  response.end();
}

function cutAtStops(text: string, body: Record<string, unknown>) {
  const config = body.generationConfig as { stopSequences?: unknown } | undefined;
  const stops = Array.isArray(config?.stopSequences) ? (config.stopSequences as string[]) : [];
  let cut = text.length;
  for (const stop of stops) {
    const index = text.indexOf(stop);
    if (index !== -1 && index < cut) cut = index;
  }
  return text.slice(0, cut);
}
