import type { GeminiErrorBody, RecordedRequest } from "./fake-reply.js";

export type { GeminiErrorBody } from "./fake-reply.js";

import { isSignatureFor } from "./signatures.js";

export interface Refusal {
  readonly httpStatus: number;
  readonly error: GeminiErrorBody;
}

interface Part {
  readonly text?: unknown;
  readonly functionCall?: { readonly name?: unknown; readonly args?: unknown };
  readonly functionResponse?: unknown;
  readonly thoughtSignature?: unknown;
}
interface Content {
  readonly role?: unknown;
  readonly parts?: readonly Part[];
}

const MAX_STOP_SEQUENCES = 5;

/** What the real API refuses before it generates anything, in its words. */
export function checkRequest(
  request: RecordedRequest,
  expected: { readonly apiKey: string | undefined; readonly signs: boolean },
): Refusal | undefined {
  if (expected.apiKey !== undefined && request.apiKey !== expected.apiKey) {
    return request.apiKey ? invalidKey() : unregisteredCaller();
  }
  const contents = (
    Array.isArray(request.body.contents) ? request.body.contents : []
  ) as readonly Content[];
  if (contents.length === 0) {
    return invalid("* GenerateContentRequest.contents: contents is not specified\n");
  }
  const stops = (request.body.generationConfig as { stopSequences?: unknown } | undefined)
    ?.stopSequences;
  if (Array.isArray(stops) && stops.length > MAX_STOP_SEQUENCES) {
    return invalid(
      `* GenerateContentRequest.generation_config.stop_sequences: at most ${MAX_STOP_SEQUENCES} stop sequences are allowed\n`,
    );
  }
  return checkFunctionTurns(contents, expected.signs);
}

/**
 * Every function call turn must be answered by as many function responses; on Gemini 3,
 * the first function call of each model turn since the user last wrote must carry the
 * signature the model gave it.
 */
function checkFunctionTurns(contents: readonly Content[], signs: boolean): Refusal | undefined {
  const lastUserText = contents.findLastIndex(
    (content) => content.role === "user" && content.parts?.some((part) => part.text !== undefined),
  );
  for (const [position, content] of contents.entries()) {
    const calls = (content.parts ?? []).filter((part) => part.functionCall);
    if (content.role !== "model" || calls.length === 0) continue;
    const next = contents[position + 1];
    const responses = next?.parts?.filter((part) => part.functionResponse).length ?? 0;
    if (next && responses !== calls.length) {
      return invalid(
        "Please ensure that the number of function response parts is equal to the number of function call parts of the function call turn.",
      );
    }
    const first = calls[0];
    if (!signs || position < lastUserText || !first) continue;
    if (!isSignatureFor(first.thoughtSignature, first.functionCall)) {
      return invalid(
        `Function call is missing a thought_signature in functionCall parts. This is required for tools to work correctly, and missing thought_signature may lead to degraded model performance. Additional data, function call \`default_api:${String(first.functionCall?.name)}\` , position ${position}. Please refer to https://ai.google.dev/gemini-api/docs/thought-signatures for more details.`,
      );
    }
  }
  return undefined;
}

function invalid(message: string): Refusal {
  return { httpStatus: 400, error: { message, status: "INVALID_ARGUMENT" } };
}

function invalidKey(): Refusal {
  return {
    httpStatus: 400,
    error: {
      message: "API key not valid. Please pass a valid API key.",
      status: "INVALID_ARGUMENT",
      details: [
        {
          "@type": "type.googleapis.com/google.rpc.ErrorInfo",
          reason: "API_KEY_INVALID",
          domain: "googleapis.com",
          metadata: { service: "generativelanguage.googleapis.com" },
        },
      ],
    },
  };
}

function unregisteredCaller(): Refusal {
  return {
    httpStatus: 403,
    error: {
      message:
        "Method doesn't allow unregistered callers (callers without established identity). Please use API Key or other form of API consumer identity to call this API.",
      status: "PERMISSION_DENIED",
    },
  };
}
