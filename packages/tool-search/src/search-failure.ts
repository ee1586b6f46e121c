import { LangchainMiniError } from "@langchain-mini/core";

/** Why a search failed, for programs; the message is for the model and the user. */
export type SearchFailureReason =
  | "invalid_key"
  | "out_of_searches"
  | "rate_limited"
  | "server_error"
  | "not_json"
  | "timeout"
  | "unreachable"
  | "cancelled";

/** A failed search. Its message is the observation: what happened and what to do now. */
export class SearchError extends LangchainMiniError {
  readonly reason: SearchFailureReason;
  constructor(reason: SearchFailureReason, message: string, options?: { cause?: unknown }) {
    super(reason === "cancelled" ? "aborted" : "tool_failed", message, options);
    this.name = "SearchError";
    this.reason = reason;
  }
}

export interface FailureContext {
  readonly apiKey: string;
  readonly timeoutMs: number;
  /** Where requests go, named in "cannot reach" messages. */
  readonly host: string;
}

/**
 * The serpapi package rejects a non-200 reply with its raw body (a string, not an Error)
 * and without the status code, so the kind of failure is read from SerpApi's documented
 * `{"error": "…"}` messages. Nothing here ever repeats the key.
 */
export function explainFailure(error: unknown, context: FailureContext): SearchError {
  const hide = (text: string) => redact(text, context.apiKey);
  if (typeof error === "string") return fromBody(hide(error));
  // The package does not export RequestTimeoutError; its name and message are stable.
  if (
    error instanceof Error &&
    (error.constructor.name === "RequestTimeoutError" || /timed out/i.test(error.message))
  ) {
    return new SearchError(
      "timeout",
      `no answer from SerpApi within ${context.timeoutMs / 1000} s: try a shorter query or answer without searching`,
    );
  }
  if (error instanceof SyntaxError) {
    return new SearchError(
      "not_json",
      "SerpApi sent a reply that is not JSON: answer without searching",
    );
  }
  const code = (error as { code?: unknown } | undefined)?.code;
  return new SearchError(
    "unreachable",
    `cannot reach SerpApi at ${context.host}${typeof code === "string" ? ` (${code})` : ""}: answer without searching`,
  );
}

function fromBody(body: string): SearchError {
  const message = serverMessage(body);
  if (/invalid api key/i.test(message)) {
    return new SearchError(
      "invalid_key",
      "SerpApi rejected the API key (401): answer without searching; the user should check SERPAPI_API_KEY",
    );
  }
  if (/run out of searches|searches .*(exhausted|used up)/i.test(message)) {
    return new SearchError(
      "out_of_searches",
      "the SerpApi account has run out of searches (429): answer without searching",
    );
  }
  if (/throughput|too many requests|rate limit/i.test(message)) {
    return new SearchError(
      "rate_limited",
      "SerpApi is limiting how fast this key may search (429): answer without searching for now",
    );
  }
  // Without the status code a bad parameter (400) and a failing server (5xx) look alike;
  // the server's own words, passed on, tell the model which.
  return new SearchError(
    "server_error",
    `SerpApi answered with an error${message ? ` (${message})` : ""}: try again later or answer without searching`,
  );
}

function serverMessage(body: string) {
  try {
    const parsed = JSON.parse(body) as { error?: unknown };
    if (typeof parsed.error === "string") return oneLine(parsed.error, 200);
  } catch {
    // Not JSON: an HTML error page or a proxy's text.
  }
  return oneLine(body.replace(/<[^>]*>/g, " "), 120);
}

function oneLine(text: string, maxLength: number) {
  return text.replace(/\s+/g, " ").trim().slice(0, maxLength);
}

/** A proxy's error page may echo the request URL, key included. */
function redact(text: string, apiKey: string) {
  return [apiKey, encodeURIComponent(apiKey)].reduce(
    (result, secret) => result.split(secret).join("[REDACTED]"),
    text,
  );
}
