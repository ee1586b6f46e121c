import {
  afterRetries,
  connectionFailureCode,
  isHostLookupFailure,
  isLangchainMiniError,
  isTlsFailure,
  LangchainMiniError,
} from "@langchain-mini/core";
import OpenAI from "openai";
import type { OpenAiSettings } from "./settings.js";

/**
 * Turns whatever the SDK threw into a LangchainMiniError whose message tells the user
 * what to do. The API key never appears: messages name the host and the model only.
 */
export function toLlmError(
  error: unknown,
  settings: OpenAiSettings,
  retries = 0,
): LangchainMiniError {
  if (isLangchainMiniError(error)) return error;
  const { host, model } = settings;
  const retried = afterRetries(retries);
  if (error instanceof OpenAI.APIUserAbortError)
    return new LangchainMiniError("aborted", "The run was cancelled");
  if (error instanceof OpenAI.APIConnectionTimeoutError) return timeoutError(settings);
  if (error instanceof OpenAI.APIConnectionError) return connectionError(error, settings);
  if (error instanceof OpenAI.AuthenticationError) {
    return new LangchainMiniError(
      "llm_auth",
      `OPENAI_API_KEY was rejected by ${host} (401): check the key, or set OPENAI_BASE_URL for another server`,
      { cause: error },
    );
  }
  if (error instanceof OpenAI.PermissionDeniedError) {
    return new LangchainMiniError(
      "llm_auth",
      `The API key may not use model '${model}' at ${host} (403): check the key's project and permissions`,
      { cause: error },
    );
  }
  if (error instanceof OpenAI.NotFoundError) {
    // OpenAI, vLLM and Ollama all name the model; a bare 404 is a wrong path instead.
    const aboutModel = error.code === "model_not_found" || /model/i.test(serverMessage(error, ""));
    return new LangchainMiniError(
      "llm_not_found",
      aboutModel
        ? `Model '${model}' was not found at ${host} (404): check OPENAI_MODEL or --llm openai:<model>`
        : `${host} has no chat completions endpoint (404): check OPENAI_BASE_URL, which usually ends in /v1`,
      { cause: error },
    );
  }
  if (error instanceof OpenAI.RateLimitError) {
    const quota = /quota/i.test(`${error.code ?? ""} ${error.message}`);
    return new LangchainMiniError(
      "llm_rate_limited",
      quota
        ? `${host} says the account's quota is used up (429): check your plan and billing`
        : `Rate limited by ${host} (429)${retried}: wait a moment and try again, or check your plan's limits`,
      { cause: error },
    );
  }
  if (error instanceof OpenAI.InternalServerError) {
    return new LangchainMiniError(
      "llm_server",
      `${host} failed with ${error.status}${retried}: try again later`,
      { cause: error },
    );
  }
  if (error instanceof OpenAI.APIError && error.status !== undefined) {
    const said = serverMessage(error, settings.apiKey);
    // Models without function calling say so when sent tools; the text ReAct agent needs none.
    const advice = /\btools?\b|tool.choice/i.test(said)
      ? ": use the text ReAct agent (--agent react) with this model"
      : "";
    return new LangchainMiniError(
      "llm_bad_request",
      `${host} refused the request (${error.status}): ${said}${advice}`,
      { cause: error },
    );
  }
  if (error instanceof SyntaxError) return malformedError(settings, error);
  const message = error instanceof Error ? error.message : String(error);
  return new LangchainMiniError(
    "llm_stream_broken",
    `The reply from ${host} broke off (${message}): try again`,
    { cause: error },
  );
}

export function timeoutError(settings: OpenAiSettings) {
  return new LangchainMiniError(
    "llm_timeout",
    `${settings.host} sent nothing for ${settings.timeoutMs / 1000} s: check the server, or raise OPENAI_TIMEOUT_MS`,
  );
}

export function brokenStreamError(settings: OpenAiSettings, cause?: unknown) {
  // A server that fails mid-reply may say why in an SSE error event.
  const said = cause instanceof OpenAI.APIError ? `: ${serverMessage(cause, settings.apiKey)}` : "";
  return new LangchainMiniError(
    "llm_stream_broken",
    `The reply from ${settings.host} ended before it was complete${said}: try again (the partial reply was discarded)`,
    { cause },
  );
}

export function malformedError(settings: OpenAiSettings, cause?: unknown) {
  return new LangchainMiniError(
    "llm_bad_response",
    `${settings.host} sent a reply that is not an OpenAI chat completion: check that OPENAI_BASE_URL points at an OpenAI-compatible API (usually ending in /v1)`,
    { cause },
  );
}

function connectionError(error: unknown, settings: OpenAiSettings) {
  const { host } = settings;
  const code = connectionFailureCode(error);
  if (isHostLookupFailure(code)) {
    return new LangchainMiniError(
      "llm_connection",
      `Cannot find the host of ${host} (${code}): check the name in OPENAI_BASE_URL and your network`,
      { cause: error },
    );
  }
  if (isTlsFailure(code)) {
    return new LangchainMiniError(
      "llm_connection",
      `Secure connection to ${host} failed (${code}): use http:// in OPENAI_BASE_URL for a server without TLS, or trust its certificate with NODE_EXTRA_CA_CERTS`,
      { cause: error },
    );
  }
  return new LangchainMiniError(
    "llm_connection",
    `Cannot connect to ${host}${code ? ` (${code})` : ""}: check that the server is running and OPENAI_BASE_URL is right`,
    { cause: error },
  );
}

/** The server's own words, one line, short, and never with the key in them. */
function serverMessage(error: InstanceType<typeof OpenAI.APIError>, apiKey: string) {
  const body = error.error as { message?: unknown } | undefined;
  const text = typeof body?.message === "string" ? body.message : error.message;
  const line = text.replace(/\s+/g, " ").trim().slice(0, 300);
  return apiKey ? line.replaceAll(apiKey, "***") : line;
}
