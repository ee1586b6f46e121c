import Anthropic from "@anthropic-ai/sdk";
import { abortError, isLangchainMiniError, LangchainMiniError } from "@langchain-mini/core";
import {
  afterRetries,
  connectionError,
  failureLines,
  ServerDataError,
  serverLine,
} from "@langchain-mini/core/provider-kit";
import type { AnthropicSettings } from "./settings.js";

const WORDS = failureLines({
  keyVariable: "ANTHROPIC_API_KEY",
  modelVariable: "ANTHROPIC_MODEL",
  timeoutVariable: "ANTHROPIC_TIMEOUT_MS",
  llm: "anthropic",
  api: "Messages API",
  pointsAt: "Anthropic's API or a compatible server",
  aboutTools: /\btools?\b|tool_choice/i,
});

type ApiError = InstanceType<typeof Anthropic.APIError>;

/**
 * How the Messages API says a prompt is longer than the model's window: "prompt is too
 * long: N tokens > M maximum", or, when the prompt fits but not with the reply's room,
 * "input length and `max_tokens` exceed context limit: N + K > M".
 */
const CONTEXT_WORDS = /^prompt is too long\b|exceed context limit\b/i;

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
  const { host, model } = settings;
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
  if (error.status === 400 && CONTEXT_WORDS.test(said)) {
    return WORDS.contextExceeded(host, model, said, error);
  }
  switch (error.status) {
    case 401:
      return fail("llm_auth", WORDS.keyRefused(settings, "401"));
    case 403:
      return fail(
        "llm_auth",
        `The API key may not use model '${model}' at ${host} (403: ${said}): check the key's workspace and permissions`,
      );
    case 404:
      // Anthropic names the model ("model: claude-…"); a bare 404 is a wrong base URL.
      return fail(
        "llm_not_found",
        /model/i.test(said)
          ? WORDS.modelNotFound(model, host)
          : WORDS.noApi(settings, `${host}/v1/messages`, said),
      );
    case 429:
      return fail("llm_rate_limited", WORDS.rateLimited(host, retried));
    case 529:
      return fail(
        "llm_server",
        `${host} is overloaded (529)${retried}${said ? ` (${said})` : ""}: try again in a few minutes, or try another model`,
      );
  }
  if (error.status >= 500) {
    return fail("llm_server", WORDS.serverFailed(host, error.status, retried, said));
  }
  return fail("llm_bad_request", WORDS.refused(host, String(error.status), said));
}

export function timeoutError(settings: AnthropicSettings) {
  return WORDS.timedOut(settings, "check the server");
}

/** The reply had started: whatever broke it, the partial text is no answer. */
export function brokenStreamError(settings: AnthropicSettings, cause?: unknown) {
  // An SSE `error` event says why; a dropped connection says nothing.
  const said =
    cause instanceof Anthropic.APIError && cause.status === undefined
      ? `: ${serverMessage(cause, settings)}`
      : "";
  return WORDS.replyBroken(settings.host, said, cause);
}

/** A reply that is not a Messages API stream, or one with a field no such stream holds. */
export function malformedError(settings: AnthropicSettings, cause?: unknown) {
  const what =
    cause instanceof ServerDataError
      ? `a malformed Messages API stream (${cause.detail})`
      : "a reply that is not a Messages API stream";
  return WORDS.badReply(settings, what, cause);
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
