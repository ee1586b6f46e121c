import { ApiError } from "@google/genai";
import { abortError, isLangchainMiniError, LangchainMiniError } from "@langchain-mini/core";
import {
  afterRetries,
  connectionError,
  connectionFailureCode,
  failureLines,
  ServerDataError,
  serverLine,
} from "@langchain-mini/core/provider-kit";
import { type ApiErrorBody, readApiError } from "./api-error-body.js";
import { type GeminiSettings, sdkApiVersion } from "./settings.js";

const WORDS = failureLines({
  keyVariable: "GEMINI_API_KEY",
  modelVariable: "GEMINI_MODEL",
  timeoutVariable: "GEMINI_TIMEOUT_MS",
  llm: "google",
  api: "Gemini API",
  pointsAt: "the Gemini API or a compatible server",
  aboutTools: /function call|\btools?\b/i,
});

/**
 * How the Gemini API says a prompt is longer than the model's window (a 400
 * INVALID_ARGUMENT): "The input token count (N) exceeds the maximum number of tokens
 * allowed (M)."
 */
const CONTEXT_WORDS = /input token count\b.*\bexceeds the maximum number of tokens/i;

/**
 * Turns whatever the SDK threw before a reply started into a LangchainMiniError whose
 * message tells the user what to do. The API key never appears: messages name the host,
 * the model and the variable the key came from, and a base URL setting only when the
 * user set one.
 */
export function toLlmError(
  error: unknown,
  settings: GeminiSettings,
  retries = 0,
): LangchainMiniError {
  if (isLangchainMiniError(error)) return error;
  if (error instanceof ApiError) return apiFailure(readApiError(error), settings, retries, error);
  if (isAbort(error)) return abortError();
  if (
    error instanceof SyntaxError ||
    error instanceof ServerDataError ||
    isUnreadableStream(error)
  ) {
    return malformedError(settings, error);
  }
  if (connectionFailureCode(error)) return connectionError(error, settings);
  const message = error instanceof Error ? error.message : String(error);
  const where = settings.baseURLName ? ` and ${settings.baseURLName}` : "";
  return new LangchainMiniError(
    "llm_connection",
    `The request to ${settings.host} failed (${clean(message, settings)}): check your network${where}`,
    { cause: error },
  );
}

function apiFailure(
  body: ApiErrorBody,
  settings: GeminiSettings,
  retries: number,
  cause: unknown,
): LangchainMiniError {
  const { host, model } = settings;
  const { httpStatus } = body;
  const said = clean(body.message, settings);
  const retried = afterRetries(retries);
  const fail = (code: ConstructorParameters<typeof LangchainMiniError>[0], message: string) =>
    new LangchainMiniError(code, message, { cause });
  // Gemini rejects a wrong or expired key with a 400, not a 401.
  if (httpStatus === 401 || body.reason === "API_KEY_INVALID") {
    const status = `${httpStatus}${body.reason ? ` ${body.reason}` : ""}`;
    return fail("llm_auth", WORDS.keyRefused(settings, status));
  }
  if (httpStatus === 400 && CONTEXT_WORDS.test(body.message)) {
    return WORDS.contextExceeded(host, model, said, cause);
  }
  if (httpStatus === 403) {
    return fail(
      "llm_auth",
      `The API key may not use model '${model}' at ${host} (403): ${said}: check the key's project and that the Gemini API is enabled for it`,
    );
  }
  if (httpStatus === 404) {
    return fail(
      "llm_not_found",
      // The API says NOT_FOUND about a model; anything else answering 404 is a wrong URL.
      body.status === "NOT_FOUND"
        ? WORDS.modelNotFound(model, host)
        : WORDS.noApi(settings, `${host}/${sdkApiVersion(settings)}/models/${model}`, said),
    );
  }
  if (httpStatus === 429) {
    return fail(
      "llm_rate_limited",
      body.quotaIds.some((id) => /PerDay/i.test(id))
        ? `${host} says the daily quota for model '${model}' is used up (429): try again tomorrow, or check your plan and billing`
        : WORDS.rateLimited(host, retried),
    );
  }
  if (httpStatus >= 500) {
    return fail("llm_server", WORDS.serverFailed(host, httpStatus, retried, said));
  }
  const status = body.status ? ` ${body.status}` : "";
  return fail("llm_bad_request", WORDS.refused(host, `${httpStatus}${status}`, said));
}

export function timeoutError(settings: GeminiSettings) {
  return WORDS.timedOut(settings, "try again");
}

/** The reply had started when it broke: whatever broke it, the partial text is no answer. */
export function brokenStreamError(settings: GeminiSettings, cause?: unknown) {
  // A server that fails mid-reply says why in an error event, which the SDK throws.
  const said = cause instanceof ApiError ? `: ${clean(readApiError(cause).message, settings)}` : "";
  return WORDS.replyBroken(settings.host, said, cause);
}

/** A reply that is not a Gemini API stream, or one with a field no such stream holds. */
export function malformedError(settings: GeminiSettings, cause?: unknown) {
  const what =
    cause instanceof ServerDataError
      ? `a malformed Gemini API stream (${cause.detail})`
      : "a reply that is not a Gemini API stream";
  return WORDS.badReply(settings, what, cause);
}

/** A prompt Gemini refused to answer at all: no candidates, only a block reason. */
export function blockedError(settings: GeminiSettings, reason: string) {
  return new LangchainMiniError(
    "llm_bad_request",
    `${settings.host} blocked the prompt (${reason}): rephrase the question`,
  );
}

function isAbort(error: unknown) {
  return error instanceof Error && (error.name === "AbortError" || error.name === "TimeoutError");
}

/** What the SDK throws for a body that is not server-sent events of JSON. */
function isUnreadableStream(error: unknown) {
  return (
    error instanceof Error &&
    /^(?:Incomplete JSON segment|exception parsing stream chunk)/.test(error.message)
  );
}

/**
 * The server's words: one line, short, terminal-safe, never with the key in them (a
 * proxy may echo the request).
 */
function clean(text: string, settings: GeminiSettings) {
  return serverLine(text, settings.keyName ? settings.apiKey : undefined);
}
