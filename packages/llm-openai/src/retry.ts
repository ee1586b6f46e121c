import {
  askedWaitMs,
  connectionFailureCode,
  isPermanentConnectionFailure,
  retryableStatus,
  retryDelay,
} from "@langchain-mini/core/provider-kit";
import OpenAI from "openai";

/**
 * Whether a failed request is worth sending again: rate limits, server errors and dropped
 * connections are; a refused connection, an unknown host or a bad certificate will fail
 * the same way next time, so the user hears about them at once.
 */
export function isRetryable(error: unknown): boolean {
  if (!(error instanceof OpenAI.APIError)) return false;
  if (error instanceof OpenAI.APIUserAbortError) return false;
  if (error instanceof OpenAI.APIConnectionTimeoutError) return false;
  if (error instanceof OpenAI.APIConnectionError) {
    return !isPermanentConnectionFailure(connectionFailureCode(error));
  }
  return retryableStatus(error.status ?? 0, error.headers);
}

/**
 * The wait before retry number `retry` (from 0): what the server asked for in
 * `retry-after-ms` or `retry-after`, else backoff from `baseMs`. Undefined: give up.
 */
export function retryDelayMs(error: unknown, retry: number, baseMs: number): number | undefined {
  const asked = error instanceof OpenAI.APIError ? askedWaitMs(error.headers) : undefined;
  return retryDelay(asked, retry, baseMs);
}
