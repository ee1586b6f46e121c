import Anthropic from "@anthropic-ai/sdk";
import { sdkRetryPolicy } from "@langchain-mini/core/provider-kit";

/** Error types of an SSE `error` event (HTTP 200, no status) that may pass on a second try. */
const TRANSIENT_TYPES = new Set(["overloaded_error", "api_error", "rate_limit_error"]);

/**
 * Rate limits, overload (529, or an `overloaded_error` event before the reply started),
 * server errors and dropped connections are worth another try; a refused connection, an
 * unknown host or a bad certificate are reported at once. The wait is what the server
 * asked for in `retry-after-ms` or `retry-after`, else backoff.
 */
export const { isRetryable, retryDelayMs } = sdkRetryPolicy(Anthropic, {
  transientTypes: TRANSIENT_TYPES,
});
