import { ApiError } from "@google/genai";
import {
  connectionFailureCode,
  isPermanentConnectionFailure,
  retryAfterMs,
  retryDelay,
} from "@langchain-mini/core/provider-kit";
import { readApiError } from "./api-error-body.js";

const RETRYABLE_STATUSES = new Set([408, 429, 500, 502, 503, 504]);

/**
 * Whether a request that failed before its reply started is worth sending again: rate
 * limits, server errors and dropped connections are; a refused connection, an unknown
 * host or a bad certificate will fail the same way next time.
 */
export function isRetryable(error: unknown): boolean {
  if (error instanceof ApiError) return RETRYABLE_STATUSES.has(error.status);
  const code = connectionFailureCode(error);
  return code !== "" && !isPermanentConnectionFailure(code);
}

/**
 * The wait before retry number `retry` (from 0): what the server asked for (Gemini's
 * RetryInfo in the body, or a proxy's `retry-after` header), else backoff from `baseMs`.
 * Undefined when the server asks for longer than is worth waiting.
 */
export function retryDelayMs(
  error: unknown,
  retry: number,
  baseMs: number,
  retryAfter?: string,
): number | undefined {
  const asked =
    (error instanceof ApiError ? readApiError(error).retryDelayMs : undefined) ??
    retryAfterMs(retryAfter);
  return retryDelay(asked, retry, baseMs);
}
