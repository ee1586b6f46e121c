import { LangchainMiniError } from "@langchain-mini/core";
import OpenAI from "openai";
import type { OpenAiSettings } from "./settings.js";

/**
 * Turns whatever the SDK threw into a LangchainMiniError whose message tells the user
 * what to do. The API key never appears: messages name the host and the model only.
 */
export function toLlmError(error: unknown, settings: OpenAiSettings): LangchainMiniError {
  if (error instanceof LangchainMiniError) return error;
  const { host, model, maxRetries } = settings;
  const retried =
    maxRetries > 0 ? ` after ${maxRetries} ${maxRetries === 1 ? "retry" : "retries"}` : "";
  if (error instanceof OpenAI.APIUserAbortError)
    return new LangchainMiniError("aborted", "The run was cancelled");
  if (error instanceof OpenAI.APIConnectionTimeoutError) return timeoutError(settings);
  if (error instanceof OpenAI.APIConnectionError) {
    const reason = rootCause(error);
    return new LangchainMiniError(
      "llm_connection",
      `Cannot connect to ${host}${reason ? ` (${reason})` : ""}: check that the server is running and OPENAI_BASE_URL is right`,
      { cause: error },
    );
  }
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
    return new LangchainMiniError(
      "llm_not_found",
      `Model '${model}' was not found at ${host} (404): check OPENAI_MODEL or --llm openai:<model>`,
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
    return new LangchainMiniError(
      "llm_bad_request",
      `${host} refused the request (${error.status}): ${serverMessage(error)}`,
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

export function brokenStreamError(settings: OpenAiSettings) {
  return new LangchainMiniError(
    "llm_stream_broken",
    `The reply from ${settings.host} ended before it was complete: try again (the partial reply was discarded)`,
  );
}

export function malformedError(settings: OpenAiSettings, cause?: unknown) {
  return new LangchainMiniError(
    "llm_bad_response",
    `${settings.host} sent a reply that is not an OpenAI chat completion: check that OPENAI_BASE_URL points at an OpenAI-compatible API (usually ending in /v1)`,
    { cause },
  );
}

function serverMessage(error: InstanceType<typeof OpenAI.APIError>) {
  const body = error.error as { message?: unknown } | undefined;
  const text = typeof body?.message === "string" ? body.message : error.message;
  return text.replace(/\s+/g, " ").trim().slice(0, 300);
}

function rootCause(error: unknown): string {
  let current: unknown = error;
  for (let depth = 0; depth < 5 && current instanceof Error; depth++) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === "string" && /^E[A-Z]/.test(code)) return code;
    current = current.cause;
  }
  return "";
}
