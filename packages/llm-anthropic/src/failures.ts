import Anthropic from "@anthropic-ai/sdk";
import {
  abortError,
  afterRetries,
  connectionError,
  isLangchainMiniError,
  LangchainMiniError,
  ServerDataError,
  serverLine,
} from "@langchain-mini/core";
import type { AnthropicSettings } from "./settings.js";

type ApiError = InstanceType<typeof Anthropic.APIError>;

/**
 * Turns whatever the SDK threw into a LangchainMiniError whose one-line message tells the
 * user what to do. The API key never appears: messages name the host and the model only,
 * and a setting only when the user set it.
 */
export function toLlmError(
  error: unknown,
  settings: AnthropicSettings,
  retries = 0,
): LangchainMiniError {
  if (isLangchainMiniError(error)) return error;
  const { host, model, baseURLName } = settings;
  const retried = afterRetries(retries);
  const fail = (code: ConstructorParameters<typeof LangchainMiniError>[0], message: string) =>
    new LangchainMiniError(code, message, { cause: error });
  if (error instanceof Anthropic.APIUserAbortError) return abortError();
  if (error instanceof Anthropic.APIConnectionTimeoutError) return timeoutError(settings);
  if (error instanceof Anthropic.APIConnectionError) return connectionError(error, settings);
  if (!(error instanceof Anthropic.APIError) || error.status === undefined) {
    if (error instanceof SyntaxError || error instanceof ServerDataError) {
      return malformedError(settings, error);
    }
    return brokenStreamError(settings, error);
  }
  const said = serverMessage(error, settings);
  switch (error.status) {
    case 401:
      return fail("llm_auth", keyRefused(settings));
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
            baseURLName
              ? `${host} has no Messages API (404 for ${host}/v1/messages): check the path in ${baseURLName}`
              : `${host} has no Messages API (404${said ? `: ${said}` : ""}): try again later`,
          );
    case 429:
      return fail(
        "llm_rate_limited",
        `Rate limited by ${host} (429)${retried}: wait a moment and try again, or check your plan's limits`,
      );
    case 529:
      return fail(
        "llm_server",
        `${host} is overloaded (529)${retried}${said ? ` (${said})` : ""}: try again in a few minutes, or try another model`,
      );
  }
  if (error.status >= 500) {
    return fail(
      "llm_server",
      `${host} failed with ${error.status}${retried}${said ? ` (${said})` : ""}: try again later`,
    );
  }
  const advice = /\btools?\b|tool_choice/i.test(said)
    ? ": use the text ReAct agent (--agent react) with this model"
    : "";
  return fail("llm_bad_request", `${host} refused the request (${error.status}): ${said}${advice}`);
}

/** A 401: the key given was wrong, or a server that needs one got none. */
function keyRefused({ host, keyName, baseURLName }: AnthropicSettings) {
  if (!keyName) return `${host} wants an API key (401): set ANTHROPIC_API_KEY`;
  const where = baseURLName ? `, and that ${baseURLName} is the server it is for` : "";
  return `${keyName} was rejected by ${host} (401): check the key${where}`;
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
      ? `: ${serverMessage(cause, settings)}`
      : "";
  return new LangchainMiniError(
    "llm_stream_broken",
    `The reply from ${settings.host} ended before it was complete${said}: try again (the partial reply was discarded)`,
    { cause },
  );
}

/** A reply that is not a Messages API stream, or one with a field no such stream holds. */
export function malformedError(settings: AnthropicSettings, cause?: unknown) {
  const { host, baseURLName } = settings;
  const what =
    cause instanceof ServerDataError
      ? `a malformed Messages API stream (${cause.detail})`
      : "a reply that is not a Messages API stream";
  const advice = baseURLName
    ? `check that ${baseURLName} points at Anthropic's API or a compatible server`
    : "try again later";
  return new LangchainMiniError("llm_bad_response", `${host} sent ${what}: ${advice}`, { cause });
}

/** The server's own words and error type: one line, short, terminal-safe, never with the key. */
function serverMessage(error: ApiError, settings: AnthropicSettings) {
  // Without a JSON body the SDK's message is the status, then the body as text.
  const text =
    typeof error.apiMessage === "string"
      ? error.apiMessage
      : error.message.replace(`${error.status} `, "").replace(/^status code \(no body\)$/, "");
  const type =
    error.type && error.status === undefined ? ` (${serverLine(String(error.type))})` : "";
  return `${serverLine(text, settings.keyName ? settings.apiKey : undefined)}${type}`;
}
