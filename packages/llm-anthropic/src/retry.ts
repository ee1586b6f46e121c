import Anthropic from "@anthropic-ai/sdk";
import {
  askedWaitMs,
  connectionFailureCode,
  isPermanentConnectionFailure,
  retryableStatus,
  retryDelay,
} from "@langchain-mini/core/provider-kit";

/** Error types of an SSE `error` event (HTTP 200, no status) that may pass on a second try. */
const TRANSIENT_TYPES = new Set(["overloaded_error", "api_error", "rate_limit_error"]);

/**
 * Whether a failed request is worth sending again: rate limits, overload (529, or an
 * `overloaded_error` event before the reply started), server errors and dropped
 * connections are; a refused connection, an unknown host or a bad certificate will fail
 * the same way next time, so the user hears about them at once.
 */
export function isRetryable(error: unknown): boolean {
  if (!(error instanceof Anthropic.APIError)) return false;
  if (error instanceof Anthropic.APIUserAbortError) return false;
  if (error instanceof Anthropic.APIConnectionTimeoutError) return false;
  if (error instanceof Anthropic.APIConnectionError) {
    return !isPermanentConnectionFailure(connectionFailureCode(error));
  }
  if (error.status === undefined) return TRANSIENT_TYPES.has(error.type ?? "");
  return retryableStatus(error.status, error.headers);
}

/**
 * The wait before retry number `retry` (from 0): what the server asked for in
 * `retry-after-ms` or `retry-after`, else backoff from `baseMs`. Undefined: give up.
 */
export function retryDelayMs(error: unknown, retry: number, baseMs: number): number | undefined {
  const asked = error instanceof Anthropic.APIError ? askedWaitMs(error.headers) : undefined;
  return retryDelay(asked, retry, baseMs);
}
