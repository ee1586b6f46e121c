import { connectionFailureCode, isPermanentConnectionFailure } from "./connection-failure.js";
import { askedWaitMs, retryableStatus, retryDelay } from "./retry-delay.js";

/** A class, whatever its constructor takes, for `instanceof`. */
type ErrorClass<T = unknown> = abstract new (...args: never[]) => T;

/** The failure every request error of the SDK extends: HTTP status, headers, error type. */
interface SdkApiError {
  readonly status: number | undefined;
  readonly headers: Headers | undefined;
  readonly type?: string | null | undefined;
}

/**
 * The error classes an SDK generated like OpenAI's and Anthropic's hangs on its client
 * class (both have the same four).
 */
export interface SdkErrorClasses {
  readonly APIError: ErrorClass<SdkApiError>;
  readonly APIUserAbortError: ErrorClass;
  readonly APIConnectionTimeoutError: ErrorClass;
  readonly APIConnectionError: ErrorClass;
}

export interface SdkRetryOptions {
  /**
   * Error types of a failure without an HTTP status (an SSE `error` event in a reply that
   * began with 200) that may pass on a second try. Without them, only the headers decide.
   */
  readonly transientTypes?: ReadonlySet<string>;
}

export interface SdkRetryPolicy {
  /** Whether a failed request is worth sending again. */
  readonly isRetryable: (error: unknown) => boolean;
  /**
   * The wait before retry number `retry` (from 0): what the server asked for in
   * `retry-after-ms` or `retry-after`, else backoff from `baseMs`. Undefined: give up.
   */
  readonly retryDelayMs: (error: unknown, retry: number, baseMs: number) => number | undefined;
}

/**
 * Retries for a provider on such an SDK: rate limits, server errors and dropped
 * connections are worth another try; a cancel, a timeout (already waited for), a refused
 * connection, an unknown host or a bad certificate will fail the same way next time, so
 * the user hears about them at once.
 */
export function sdkRetryPolicy(
  errors: SdkErrorClasses,
  options: SdkRetryOptions = {},
): SdkRetryPolicy {
  return {
    isRetryable(error) {
      if (!(error instanceof errors.APIError)) return false;
      if (error instanceof errors.APIUserAbortError) return false;
      if (error instanceof errors.APIConnectionTimeoutError) return false;
      if (error instanceof errors.APIConnectionError) {
        return !isPermanentConnectionFailure(connectionFailureCode(error));
      }
      if (error.status === undefined && options.transientTypes) {
        return options.transientTypes.has(error.type ?? "");
      }
      return retryableStatus(error.status ?? 0, error.headers);
    },
    retryDelayMs(error, retry, baseMs) {
      const asked = error instanceof errors.APIError ? askedWaitMs(error.headers) : undefined;
      return retryDelay(asked, retry, baseMs);
    },
  };
}
