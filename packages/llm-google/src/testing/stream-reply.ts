import {
  cutAtStop,
  type FakeResponder,
  piecesOf,
  streamPieces,
} from "@langchain-mini/core/testing";
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
  responder: FakeResponder,
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
  const config = body.generationConfig as { stopSequences?: unknown } | undefined;
  const stops = Array.isArray(config?.stopSequences) ? (config.stopSequences as string[]) : [];
  const text = reply.honourStop === false ? reply.text : cutAtStop(reply.text, stops).text;
  const stream = responder.stream({
    "content-type": "text/event-stream",
    "content-disposition": "attachment",
  });
  let written = "";
  const send = (parts: readonly unknown[], finishReason?: string) => {
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
    return stream.write(`data: ${JSON.stringify(chunk)}\r\n\r\n`);
  };

  const size = reply.chunkSize ?? 6;
  const calls = reply.functionCalls ?? [];
  const finish = reply.finishReason ?? "STOP";
  if (reply.content !== undefined && !send([{ text: reply.content }])) return;
  const pieces = piecesOf(text, size);
  const error = {
    code: 500,
    message:
      "An internal error has occurred. Please retry or report in https://developers.generativeai.google/guide/troubleshooting",
    status: "INTERNAL",
  };
  const streamed = await streamPieces(stream, pieces, reply, {
    sent: reply.content === undefined ? 0 : 1,
    errorEvent: `data: ${JSON.stringify({ error })}\r\n\r\n`,
    write(piece, index) {
      written += piece;
      const last = index === pieces.length - 1 && calls.length === 0;
      return send([{ text: piece }], last ? finish : undefined);
    },
  });
  if (!streamed) return;
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
  stream.end();
}
