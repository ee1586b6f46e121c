import { checkMilliseconds, readMilliseconds } from "./milliseconds.js";

/** How long a provider waits on a silent server, and how it retries: options in code. */
export interface RequestLimitOptions {
  /** Give up on a server that sends nothing for this long. */
  readonly timeoutMs?: number;
  /** Retries for 429, 5xx and dropped connections; default 2. */
  readonly maxRetries?: number;
  /** The first retry's wait when the server names none (then doubling, up to 8 s); default 500 ms. */
  readonly retryDelayMs?: number;
}

export interface RequestLimits {
  readonly timeoutMs: number;
  readonly maxRetries: number;
  readonly retryDelayMs: number;
}

/**
 * The limits every HTTP provider takes alike: the option in code, else the timeout
 * variable (e.g. OPENAI_TIMEOUT_MS), else the provider's default; each checked in one line.
 */
export function requestLimits(
  options: RequestLimitOptions,
  timeoutVariable: string,
  env: Readonly<Record<string, string | undefined>>,
  defaultTimeoutMs: number,
  longestTimeoutMs?: number,
): RequestLimits {
  return {
    timeoutMs:
      options.timeoutMs === undefined
        ? readMilliseconds(
            timeoutVariable,
            env[timeoutVariable],
            defaultTimeoutMs,
            longestTimeoutMs,
          )
        : checkMilliseconds("timeoutMs", options.timeoutMs, longestTimeoutMs),
    maxRetries: options.maxRetries ?? 2,
    retryDelayMs: options.retryDelayMs ?? 500,
  };
}
