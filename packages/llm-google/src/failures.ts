import { ApiError } from "@google/genai";
import {
  abortError,
  afterRetries,
  connectionFailureCode,
  isHostLookupFailure,
  isLangchainMiniError,
  isTlsFailure,
  LangchainMiniError,
} from "@langchain-mini/core";
import { type ApiErrorBody, readApiError } from "./api-error-body.js";
import type { GeminiSettings } from "./settings.js";

/**
 * Turns whatever the SDK threw before a reply started into a LangchainMiniError whose
 * message tells the user what to do. The API key never appears: messages name the host,
 * the model and the variable the key came from.
 */
export function toLlmError(
  error: unknown,
  settings: GeminiSettings,
  retries = 0,
): LangchainMiniError {
  if (isLangchainMiniError(error)) return error;
  if (error instanceof ApiError) return apiFailure(readApiError(error), settings, retries, error);
  if (isAbort(error)) return abortError();
  if (error instanceof SyntaxError || isUnreadableStream(error)) {
    return malformedError(settings, error);
  }
  if (connectionFailureCode(error)) return connectionError(error, settings);
  const message = error instanceof Error ? error.message : String(error);
  return new LangchainMiniError(
    "llm_connection",
    `The request to ${settings.host} failed (${clean(message, settings)}): check your network and GOOGLE_GEMINI_BASE_URL`,
    { cause: error },
  );
}

function apiFailure(
  body: ApiErrorBody,
  settings: GeminiSettings,
  retries: number,
  cause: unknown,
): LangchainMiniError {
  const { host, model, keyName } = settings;
  const { httpStatus } = body;
  const said = clean(body.message, settings);
  const retried = afterRetries(retries);
  const fail = (code: ConstructorParameters<typeof LangchainMiniError>[0], message: string) =>
    new LangchainMiniError(code, message, { cause });
  // Gemini rejects a wrong or expired key with a 400, not a 401.
  if (httpStatus === 401 || body.reason === "API_KEY_INVALID") {
    return fail(
      "llm_auth",
      `${keyName} was rejected by ${host} (${httpStatus}${body.reason ? ` ${body.reason}` : ""}): check the key, or set GOOGLE_GEMINI_BASE_URL for another server`,
    );
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
        ? `Model '${model}' was not found at ${host} (404): check GEMINI_MODEL or --llm google:<model>`
        : `${host} has no Gemini API (404): check GOOGLE_GEMINI_BASE_URL (the SDK adds /<version>/models/… to it)`,
    );
  }
  if (httpStatus === 429) {
    return fail(
      "llm_rate_limited",
      body.quotaIds.some((id) => /PerDay/i.test(id))
        ? `${host} says the daily quota for model '${model}' is used up (429): try again tomorrow, or check your plan and billing`
        : `Rate limited by ${host} (429)${retried}: wait a moment and try again, or check your plan's limits`,
    );
  }
  if (httpStatus >= 500) {
    return fail(
      "llm_server",
      `${host} failed with ${httpStatus}${retried} (${said}): try again later`,
    );
  }
  // Models without function calling say so when sent tools; the text ReAct agent needs none.
  const advice = /function call|\btools?\b/i.test(said)
    ? ": use the text ReAct agent (--agent react) with this model"
    : "";
  const status = body.status ? ` ${body.status}` : "";
  return fail(
    "llm_bad_request",
    `${host} refused the request (${httpStatus}${status}): ${said}${advice}`,
  );
}

export function timeoutError(settings: GeminiSettings) {
  return new LangchainMiniError(
    "llm_timeout",
    `${settings.host} sent nothing for ${settings.timeoutMs / 1000} s: try again, or raise GEMINI_TIMEOUT_MS`,
  );
}

/** The reply had started when it broke: whatever broke it, the partial text is no answer. */
export function brokenStreamError(settings: GeminiSettings, cause?: unknown) {
  // A server that fails mid-reply says why in an error event, which the SDK throws.
  const said = cause instanceof ApiError ? `: ${clean(readApiError(cause).message, settings)}` : "";
  return new LangchainMiniError(
    "llm_stream_broken",
    `The reply from ${settings.host} ended before it was complete${said}: try again (the partial reply was discarded)`,
    { cause },
  );
}

export function malformedError(settings: GeminiSettings, cause?: unknown) {
  return new LangchainMiniError(
    "llm_bad_response",
    `${settings.host} sent a reply that is not a Gemini API stream: check GOOGLE_GEMINI_BASE_URL`,
    { cause },
  );
}

/** A prompt Gemini refused to answer at all: no candidates, only a block reason. */
export function blockedError(settings: GeminiSettings, reason: string) {
  return new LangchainMiniError(
    "llm_bad_request",
    `${settings.host} blocked the prompt (${reason}): rephrase the question`,
  );
}

function connectionError(error: unknown, settings: GeminiSettings) {
  const { host } = settings;
  const code = connectionFailureCode(error);
  if (isHostLookupFailure(code)) {
    return new LangchainMiniError(
      "llm_connection",
      `Cannot find the host of ${host} (${code}): check your network and the name in GOOGLE_GEMINI_BASE_URL`,
      { cause: error },
    );
  }
  if (isTlsFailure(code)) {
    return new LangchainMiniError(
      "llm_connection",
      `Secure connection to ${host} failed (${code}): use http:// in GOOGLE_GEMINI_BASE_URL for a server without TLS, or trust its certificate with NODE_EXTRA_CA_CERTS`,
      { cause: error },
    );
  }
  return new LangchainMiniError(
    "llm_connection",
    `Cannot connect to ${host} (${code}): check your network, and that GOOGLE_GEMINI_BASE_URL is right`,
    { cause: error },
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

/** The server's words, never with the key in them (a proxy may echo the request). */
function clean(text: string, settings: GeminiSettings) {
  return settings.apiKey ? text.replaceAll(settings.apiKey, "***") : text;
}
