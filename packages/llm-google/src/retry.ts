import { setTimeout as sleep } from "node:timers/promises";
import { ApiError } from "@google/genai";
import { readApiError } from "./api-error-body.js";
import { connectionFailureCode, isTlsFailure } from "./failures.js";

/** Longer waits than this are not worth holding a terminal for: the failure is reported instead. */
const LONGEST_WAIT_MS = 60_000;
const LONGEST_BACKOFF_MS = 8_000;
const RETRYABLE_STATUSES = new Set([408, 429, 500, 502, 503, 504]);

/**
 * Whether a request that failed before its reply started is worth sending again: rate
 * limits, server errors and dropped connections are; a refused connection, an unknown
 * host or a bad certificate will fail the same way next time.
 */
export function isRetryable(error: unknown): boolean {
  if (error instanceof ApiError) return RETRYABLE_STATUSES.has(error.status);
  const code = connectionFailureCode(error);
  if (!code) return false;
  // EAI_AGAIN is a resolver that did not answer in time: that one may pass.
  return code !== "ECONNREFUSED" && code !== "ENOTFOUND" && !isTlsFailure(code);
}

/**
 * The wait before retry number `retry` (from 0): what the server asked for (Gemini's
 * RetryInfo in the body, or a proxy's `retry-after` header), else exponential backoff
 * from `baseMs` with jitter. Undefined when the server asks for longer than is worth waiting.
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
  if (asked !== undefined) return asked <= LONGEST_WAIT_MS ? asked : undefined;
  const backoff = Math.min(baseMs * 2 ** retry, LONGEST_BACKOFF_MS);
  return backoff * (1 - Math.random() * 0.25);
}

/** Resolves after `ms`, or rejects as soon as `signal` aborts. */
export function wait(ms: number, signal: AbortSignal | undefined) {
  return sleep(ms, undefined, signal ? { signal } : undefined);
}

/** `retry-after` in seconds or as an HTTP date. */
function retryAfterMs(header: string | undefined): number | undefined {
  if (!header) return undefined;
  const seconds = Number.parseFloat(header);
  if (Number.isFinite(seconds) && seconds >= 0) return seconds * 1000;
  const date = Date.parse(header);
  return Number.isNaN(date) ? undefined : Math.max(0, date - Date.now());
}
