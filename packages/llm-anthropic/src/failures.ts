import Anthropic from "@anthropic-ai/sdk";
import {
  afterRetries,
  connectionFailureCode,
  isHostLookupFailure,
  isLangchainMiniError,
  isTlsFailure,
  LangchainMiniError,
} from "@langchain-mini/core";
import type { AnthropicSettings } from "./settings.js";

type ApiError = InstanceType<typeof Anthropic.APIError>;

/**
 * Turns whatever the SDK threw into a LangchainMiniError whose one-line message tells the
 * user what to do. The API key never appears: messages name the host and the model only.
 */
export function toLlmError(
  error: unknown,
  settings: AnthropicSettings,
  retries = 0,
): LangchainMiniError {
  if (isLangchainMiniError(error)) return error;
  const { host, model } = settings;
  const retried = afterRetries(retries);
  const fail = (code: ConstructorParameters<typeof LangchainMiniError>[0], message: string) =>
    new LangchainMiniError(code, message, { cause: error });
  if (error instanceof Anthropic.APIUserAbortError)
    return new LangchainMiniError("aborted", "The run was cancelled");
  if (error instanceof Anthropic.APIConnectionTimeoutError) return timeoutError(settings);
  if (error instanceof Anthropic.APIConnectionError) return connectionError(error, settings);
  if (!(error instanceof Anthropic.APIError) || error.status === undefined) {
    if (error instanceof SyntaxError) return malformedError(settings, error);
    return brokenStreamError(settings, error);
  }
  const said = serverMessage(error, settings.apiKey);
  switch (error.status) {
    case 401:
      return fail(
        "llm_auth",
        `ANTHROPIC_API_KEY was rejected by ${host} (401): check the key, or set ANTHROPIC_BASE_URL for another server`,
      );
    case 403:
      return fail(
        "llm_auth",
        `The API key may not use model '${model}' at ${host} (403: ${said}): check the key's workspace and permissions`,
      );
    case 404:
      // Anthropic names the model ("model: claude-…"); a bare 404 is a wrong base URL.
      return /model/i.test(said)
        ? fail(
            "llm_not_found",
            `Model '${model}' was not found at ${host} (404): check ANTHROPIC_MODEL or --llm anthropic:<model>`,
          )
        : fail(
            "llm_not_found",
            `${host} has no Messages API (404 for /v1/messages): check ANTHROPIC_BASE_URL, which must not end in /v1`,
          );
    case 429:
      return fail(
        "llm_rate_limited",
        `Rate limited by ${host} (429)${retried}: wait a moment and try again, or check your plan's limits`,
      );
    case 529:
      return fail(
        "llm_server",
        `${host} is overloaded (529)${retried}: try again in a few minutes, or try another model`,
      );
  }
  if (error.status >= 500)
    return fail("llm_server", `${host} failed with ${error.status}${retried}: try again later`);
  const advice = /\btools?\b|tool_choice/i.test(said)
    ? ": use the text ReAct agent (--agent react) with this model"
    : "";
  return fail("llm_bad_request", `${host} refused the request (${error.status}): ${said}${advice}`);
}

export function timeoutError(settings: AnthropicSettings) {
  return new LangchainMiniError(
    "llm_timeout",
    `${settings.host} sent nothing for ${settings.timeoutMs / 1000} s: check the server, or raise ANTHROPIC_TIMEOUT_MS`,
  );
}

/** The reply had started: whatever broke it, the partial text is no answer. */
export function brokenStreamError(settings: AnthropicSettings, cause?: unknown) {
  // An SSE `error` event says why; a dropped connection says nothing.
  const said =
    cause instanceof Anthropic.APIError && cause.status === undefined
      ? `: ${serverMessage(cause, settings.apiKey)}`
      : "";
  return new LangchainMiniError(
    "llm_stream_broken",
    `The reply from ${settings.host} ended before it was complete${said}: try again (the partial reply was discarded)`,
    { cause },
  );
}

export function malformedError(settings: AnthropicSettings, cause?: unknown) {
  return new LangchainMiniError(
    "llm_bad_response",
    `${settings.host} sent a reply that is not a Messages API stream: check that ANTHROPIC_BASE_URL points at Anthropic's API or a compatible server`,
    { cause },
  );
}

function connectionError(error: unknown, settings: AnthropicSettings) {
  const { host } = settings;
  const code = connectionFailureCode(error);
  const fail = (message: string) =>
    new LangchainMiniError("llm_connection", message, { cause: error });
  if (isHostLookupFailure(code))
    return fail(
      `Cannot find the host of ${host} (${code}): check the name in ANTHROPIC_BASE_URL and your network`,
    );
  if (isTlsFailure(code))
    return fail(
      `Secure connection to ${host} failed (${code}): use http:// in ANTHROPIC_BASE_URL for a server without TLS, or trust its certificate with NODE_EXTRA_CA_CERTS`,
    );
  return fail(
    `Cannot connect to ${host}${code ? ` (${code})` : ""}: check that the server is running and ANTHROPIC_BASE_URL is right`,
  );
}

/** The server's own words and error type, one short line, never with the key in them. */
export function serverMessage(error: ApiError, apiKey: string) {
  const text = error.apiMessage ?? error.message;
  const type = error.type && error.status === undefined ? ` (${error.type})` : "";
  const line = `${text.replace(/\s+/g, " ").trim().slice(0, 300)}${type}`;
  return apiKey ? line.replaceAll(apiKey, "***") : line;
}
