import { sdkRetryPolicy } from "@langchain-mini/core/provider-kit";
import OpenAI from "openai";

/**
 * Rate limits, server errors and dropped connections are worth another try; a refused
 * connection, an unknown host or a bad certificate are reported at once. The wait is what
 * the server asked for in `retry-after-ms` or `retry-after`, else backoff.
 */
export const { isRetryable, retryDelayMs } = sdkRetryPolicy(OpenAI);
