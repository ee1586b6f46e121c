import { abortError, isLangchainMiniError, LangchainMiniError } from "@langchain-mini/core";
import {
  afterRetries,
  connectionError,
  failureLines,
  ServerDataError,
  serverLine,
} from "@langchain-mini/core/provider-kit";
import OpenAI from "openai";
import type { OpenAiSettings } from "./settings.js";

const WORDS = failureLines({
  keyVariable: "OPENAI_API_KEY",
  modelVariable: "OPENAI_MODEL",
  timeoutVariable: "OPENAI_TIMEOUT_MS",
  llm: "openai",
  api: "chat completions endpoint",
  pointsAt: "an OpenAI-compatible API",
  aboutTools: /\btools?\b|tool.choice/i,
});

/**
 * Turns whatever the SDK threw into a LangchainMiniError whose message tells the user
 * what to do. The API key never appears: messages name the host and the model only, and
 * a setting only when the user set it.
 */
export function toLlmError(
  error: unknown,
  settings: OpenAiSettings,
  retries = 0,
): LangchainMiniError {
  if (isLangchainMiniError(error)) return error;
  const { host, model } = settings;
  const retried = afterRetries(retries);
  const fail = (code: ConstructorParameters<typeof LangchainMiniError>[0], message: string) =>
    new LangchainMiniError(code, message, { cause: error });
  if (error instanceof OpenAI.APIUserAbortError) return abortError(undefined, { cause: error });
  if (error instanceof OpenAI.APIConnectionTimeoutError) return timeoutError(settings);
  if (error instanceof OpenAI.APIConnectionError) return connectionError(error, settings);
  if (error instanceof ServerDataError) return malformedError(settings, error);
  if (!(error instanceof OpenAI.APIError) || error.status === undefined) {
    if (error instanceof SyntaxError) return malformedError(settings, error);
    const said = serverLine(error instanceof Error ? error.message : String(error));
    return fail("llm_stream_broken", `The reply from ${host} broke off (${said}): try again`);
  }
  const said = serverMessage(error, settings);
  if (isContextExceeded(error)) return WORDS.contextExceeded(host, model, said, error);
  if (error instanceof OpenAI.AuthenticationError) {
    return fail("llm_auth", WORDS.keyRefused(settings, "401"));
  }
  if (error instanceof OpenAI.PermissionDeniedError) {
    return fail(
      "llm_auth",
      `The API key may not use model '${model}' at ${host} (403): check the key's project and permissions`,
    );
  }
  if (error instanceof OpenAI.NotFoundError) {
    // OpenAI, vLLM and Ollama all name the model; a bare 404 is a wrong path instead.
    if (error.code === "model_not_found" || /model/i.test(said)) {
      return fail("llm_not_found", WORDS.modelNotFound(model, host));
    }
    return fail("llm_not_found", WORDS.noApi(settings, `${host}/chat/completions`, said));
  }
  if (error instanceof OpenAI.RateLimitError) {
    const quota = /quota/i.test(`${error.code ?? ""} ${said}`);
    return fail(
      "llm_rate_limited",
      quota
        ? `${host} says the account's quota is used up (429): check your plan and billing`
        : WORDS.rateLimited(host, retried),
    );
  }
  if (error.status >= 500) {
    return fail("llm_server", WORDS.serverFailed(host, error.status, retried, said));
  }
  return fail("llm_bad_request", WORDS.refused(host, String(error.status), said));
}

/**
 * How OpenAI-compatible servers say a prompt is longer than the model's window: OpenAI's
 * code, llama.cpp's error type (sent with a 400, or a 500 by older servers), and the
 * words of vLLM, Ollama and OpenAI's own message, for servers that send no code.
 */
const CONTEXT_WORDS =
  /maximum context length is \d|exceeds? the (?:available )?context (?:size|length|window)|longer than the maximum model length/i;

/** A refusal that no retry can pass: the prompt does not fit the model's context window. */
export function isContextExceeded(error: unknown): boolean {
  if (!(error instanceof OpenAI.APIError)) return false;
  if (error.code === "context_length_exceeded" || error.type === "exceed_context_size_error") {
    return true;
  }
  // The SDK's message holds the server's words, whatever shape its body had.
  return CONTEXT_WORDS.test(error.message);
}

export function timeoutError(settings: OpenAiSettings) {
  return WORDS.timedOut(settings, "check the server");
}

export function brokenStreamError(settings: OpenAiSettings, cause?: unknown) {
  // A server that fails mid-reply may say why in an SSE error event.
  const said = cause instanceof OpenAI.APIError ? `: ${serverMessage(cause, settings)}` : "";
  return WORDS.replyBroken(settings.host, said, cause);
}

/** A reply that is not an OpenAI chat completion stream, or one with a field no such stream holds. */
export function malformedError(settings: OpenAiSettings, cause?: unknown) {
  const what =
    cause instanceof ServerDataError
      ? `a malformed chat completion (${cause.detail})`
      : "a reply that is not an OpenAI chat completion";
  return WORDS.badReply(settings, what, cause);
}

/** The server's own words: one line, short, terminal-safe, never with the key in them. */
function serverMessage(error: InstanceType<typeof OpenAI.APIError>, settings: OpenAiSettings) {
  const body = error.error as { message?: unknown } | undefined;
  // Without a JSON body the SDK's message is the status, then the body as text.
  const text =
    typeof body?.message === "string"
      ? body.message
      : error.message.replace(`${error.status} `, "").replace(/^status code \(no body\)$/, "");
  return serverLine(text, settings.keyName ? settings.apiKey : undefined);
}
