import { type ContractReply, providerContract } from "@langchain-mini/core/testing";
import { describe, it } from "vitest";
import { capabilities } from "./capabilities.js";
import { OpenAiLlm } from "./openai-llm.js";
import { KEY } from "./test-support/fake-llm.js";
import { type FakeReply, startFakeOpenAi } from "./testing/index.js";

/** The contract's replies in the fake's terms: errors in OpenAI's body, waits in retry-after-ms. */
function toOpenAi(reply: ContractReply): FakeReply {
  if ("status" in reply) {
    const { status, message, retryAfterSeconds: seconds } = reply;
    const headers: Record<string, string> = {};
    if (seconds !== undefined) headers["retry-after-ms"] = String(seconds * 1000);
    return { status, error: { message }, headers };
  }
  if ("text" in reply) return { ...reply, honourStop: !reply.ignoreStop };
  return reply;
}

describe("OpenAiLlm passes the provider contract, through the real SDK", () => {
  const checks = providerContract({
    name: "openai",
    capabilities,
    server: {
      async start(replies) {
        const fake = await startFakeOpenAi(replies.map(toOpenAi));
        return { url: fake.baseURL, requests: fake.server.requests, close: fake.close };
      },
    },
    createLlm: (url, { timeoutMs = 5_000 }) =>
      new OpenAiLlm({
        model: "test-model",
        timeoutMs,
        // Retries stay fast; the retry-after check sets its own wait.
        retryDelayMs: 1,
        env: { OPENAI_API_KEY: KEY, OPENAI_BASE_URL: url },
      }),
    http: {
      key: { value: KEY, setting: "OPENAI_API_KEY" },
      retries: 2,
      timeouts: true,
      lines: {
        keyRejected: (host) =>
          `OPENAI_API_KEY was rejected by ${host} (401): check the key, and that OPENAI_BASE_URL is the server it is for`,
        rateLimited: (host) =>
          `Rate limited by ${host} (429) after 2 retries: wait a moment and try again, or check your plan's limits`,
        serverFailed: (host, words) =>
          `${host} failed with 500 after 2 retries (${words}): try again later`,
        refused: (host) =>
          `Cannot connect to ${host} (ECONNREFUSED): check that the server is running and OPENAI_BASE_URL is right`,
        badResponse: (host) =>
          `${host} sent a reply that is not an OpenAI chat completion: check that OPENAI_BASE_URL points at an OpenAI-compatible API`,
        timedOut: (host, seconds) =>
          `${host} sent nothing for ${seconds} s: check the server, or raise OPENAI_TIMEOUT_MS`,
        streamBroken: (host) =>
          `The reply from ${host} ended before it was complete: try again (the partial reply was discarded)`,
      },
    },
  });
  for (const check of checks) it(check.name, check.run, 60_000);
});
