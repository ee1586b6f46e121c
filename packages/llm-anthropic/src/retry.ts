import { setTimeout as sleep } from "node:timers/promises";
import Anthropic from "@anthropic-ai/sdk";
import { connectionFailureCode, isTlsFailure } from "./failures.js";

/** Longer waits than this are not worth holding a terminal for: the failure is reported instead. */
const LONGEST_WAIT_MS = 60_000;
const LONGEST_BACKOFF_MS = 8_000;
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
  if (error instanceof Anthropic.APIConnectionError) return !isPermanentConnectionFailure(error);
  if (error.status === undefined) return TRANSIENT_TYPES.has(error.type ?? "");
  const advice = error.headers?.get("x-should-retry");
  if (advice === "true" || advice === "false") return advice === "true";
  const status = error.status;
  return status === 408 || status === 409 || status === 429 || status >= 500;
}

/**
 * The wait before retry number `retry` (from 0): what the server asked for in
 * `retry-after-ms` or `retry-after`, else exponential backoff from `baseMs` with jitter.
 * Undefined when the server asks for longer than is worth waiting.
 */
export function retryDelayMs(error: unknown, retry: number, baseMs: number): number | undefined {
  const asked = error instanceof Anthropic.APIError ? askedWaitMs(error.headers) : undefined;
  if (asked !== undefined) return asked <= LONGEST_WAIT_MS ? asked : undefined;
  const backoff = Math.min(baseMs * 2 ** retry, LONGEST_BACKOFF_MS);
  return backoff * (1 - Math.random() * 0.25);
}

/** Resolves after `ms`, or rejects as soon as `signal` aborts. */
export function wait(ms: number, signal: AbortSignal | undefined) {
  return sleep(ms, undefined, signal ? { signal } : undefined);
}

function askedWaitMs(headers: Headers | undefined): number | undefined {
  const milliseconds = Number.parseFloat(headers?.get("retry-after-ms") ?? "");
  if (Number.isFinite(milliseconds) && milliseconds >= 0) return milliseconds;
  const header = headers?.get("retry-after");
  if (!header) return undefined;
  const seconds = Number.parseFloat(header);
  if (Number.isFinite(seconds) && seconds >= 0) return seconds * 1000;
  const date = Date.parse(header);
  return Number.isNaN(date) ? undefined : Math.max(0, date - Date.now());
}

function isPermanentConnectionFailure(error: unknown) {
  const code = connectionFailureCode(error);
  // EAI_AGAIN is a resolver that did not answer in time: that one may pass.
  return code === "ENOTFOUND" || code === "ECONNREFUSED" || isTlsFailure(code);
}
