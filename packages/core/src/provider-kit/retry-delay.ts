import { setTimeout as sleep } from "node:timers/promises";

/** Longer waits than this are not worth holding a terminal for: the failure is reported instead. */
export const LONGEST_RETRY_WAIT_MS = 60_000;
const LONGEST_BACKOFF_MS = 8_000;

/**
 * The wait before retry number `retry` (from 0): `askedMs`, what the server asked for,
 * when it asked; else exponential backoff from `baseMs` with up to 25% jitter, at most
 * 8 s. Undefined when the server asks for longer than is worth waiting: give up.
 */
export function retryDelay(
  askedMs: number | undefined,
  retry: number,
  baseMs: number,
): number | undefined {
  if (askedMs !== undefined) return askedMs <= LONGEST_RETRY_WAIT_MS ? askedMs : undefined;
  const backoff = Math.min(baseMs * 2 ** retry, LONGEST_BACKOFF_MS);
  return backoff * (1 - Math.random() * 0.25);
}

/** What the server asked for in `retry-after-ms`, else `retry-after`. */
export function askedWaitMs(headers: Headers | undefined): number | undefined {
  const milliseconds = Number.parseFloat(headers?.get("retry-after-ms") ?? "");
  if (Number.isFinite(milliseconds) && milliseconds >= 0) return milliseconds;
  return retryAfterMs(headers?.get("retry-after") ?? undefined);
}

/**
 * Whether an HTTP failure with this status may pass when sent again, as the OpenAI and
 * Anthropic APIs say: their `x-should-retry` header when present, else timeouts,
 * conflicts, rate limits and server errors.
 */
export function retryableStatus(status: number, headers: Headers | undefined): boolean {
  const advice = headers?.get("x-should-retry");
  if (advice === "true" || advice === "false") return advice === "true";
  return status === 408 || status === 409 || status === 429 || status >= 500;
}

/** A `retry-after` header, in seconds or as an HTTP date. */
export function retryAfterMs(header: string | undefined): number | undefined {
  if (!header) return undefined;
  const seconds = Number.parseFloat(header);
  if (Number.isFinite(seconds) && seconds >= 0) return seconds * 1000;
  const date = Date.parse(header);
  return Number.isNaN(date) ? undefined : Math.max(0, date - Date.now());
}

/** Resolves after `ms`, or rejects as soon as `signal` aborts. */
export function wait(ms: number, signal: AbortSignal | undefined): Promise<void> {
  return sleep(ms, undefined, signal ? { signal } : undefined);
}

/** ` after 2 retries`, for failure messages; empty when there were none. */
export function afterRetries(retries: number): string {
  return retries > 0 ? ` after ${retries} ${retries === 1 ? "retry" : "retries"}` : "";
}
