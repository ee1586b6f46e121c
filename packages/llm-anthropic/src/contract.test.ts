import { type ContractReply, providerContract } from "@langchain-mini/core/testing";
import { describe, it } from "vitest";
import { AnthropicLlm } from "./anthropic-llm.js";
import { capabilities } from "./capabilities.js";
import { KEY } from "./test-support/fake-llm.js";
import { type FakeReply, startFakeAnthropic } from "./testing/index.js";

const ERROR_TYPES = {
  401: "authentication_error",
  429: "rate_limit_error",
  500: "api_error",
  503: "api_error",
} as const;

/** The contract's replies in the fake's terms: Anthropic's error types, waits in retry-after-ms. */
function toAnthropic(reply: ContractReply): FakeReply {
  if ("status" in reply) {
    const { status, message, retryAfterSeconds: seconds } = reply;
    const headers: Record<string, string> = {};
    if (seconds !== undefined) headers["retry-after-ms"] = String(seconds * 1000);
    return { status, error: { type: ERROR_TYPES[status], message }, headers };
  }
  if ("text" in reply) return { ...reply, honourStop: !reply.ignoreStop };
  return reply;
}

describe("AnthropicLlm passes the provider contract, through the real SDK", () => {
  const checks = providerContract({
    name: "anthropic",
    capabilities,
    server: {
      async start(replies) {
        const fake = await startFakeAnthropic(replies.map(toAnthropic));
        return { url: fake.baseURL, requests: fake.server.requests, close: fake.close };
      },
    },
    createLlm: (url, { timeoutMs = 5_000 }) =>
      new AnthropicLlm({
        model: "test-model",
        timeoutMs,
        // Retries stay fast; the retry-after check sets its own wait.
        retryDelayMs: 1,
        env: { ANTHROPIC_API_KEY: KEY, ANTHROPIC_BASE_URL: url },
      }),
    http: {
      key: { value: KEY, setting: "ANTHROPIC_API_KEY" },
      retries: 2,
      timeouts: true,
      lines: {
        keyRejected: (host) =>
          `ANTHROPIC_API_KEY was rejected by ${host} (401): check the key, and that ANTHROPIC_BASE_URL is the server it is for`,
        rateLimited: (host) =>
          `Rate limited by ${host} (429) after 2 retries: wait a moment and try again, or check your plan's limits`,
        serverFailed: (host, words) =>
          `${host} failed with 500 after 2 retries (${words}): try again later`,
        refused: (host) =>
          `Cannot connect to ${host} (ECONNREFUSED): check that the server is running and ANTHROPIC_BASE_URL is right`,
        badResponse: (host) =>
          `${host} sent a reply that is not a Messages API stream: check that ANTHROPIC_BASE_URL points at Anthropic's API or a compatible server`,
        timedOut: (host, seconds) =>
          `${host} sent nothing for ${seconds} s: check the server, or raise ANTHROPIC_TIMEOUT_MS`,
        streamBroken: (host) =>
          `The reply from ${host} ended before it was complete: try again (the partial reply was discarded)`,
      },
    },
  });
  for (const check of checks) it(check.name, check.run, 60_000);
});
