import { type ContractReply, providerContract } from "@langchain-mini/core/testing";
import { describe, it } from "vitest";
import { capabilities } from "./capabilities.js";
import { GeminiLlm } from "./gemini-llm.js";
import { KEY } from "./test-support/fake-llm.js";
import { type FakeReply, startFakeGemini } from "./testing/index.js";

const STATUSES = { 429: "RESOURCE_EXHAUSTED", 500: "INTERNAL", 503: "UNAVAILABLE" } as const;

/** The contract's replies in the fake's terms: google.rpc errors, waits in RetryInfo. */
function toGemini(reply: ContractReply): FakeReply {
  if ("status" in reply) {
    // A refused key is the fake's own doing (400 API_KEY_INVALID): see `start`.
    if (reply.status === 401) throw new Error("a refused key is not scripted");
    const { status, message, retryAfterSeconds: seconds } = reply;
    const retry = {
      "@type": "type.googleapis.com/google.rpc.RetryInfo",
      retryDelay: `${seconds}s`,
    };
    const details = seconds === undefined ? [] : [retry];
    return { status, error: { message, status: STATUSES[status], details } };
  }
  if ("text" in reply) {
    const { toolCalls = [], ignoreStop, ...text } = reply;
    const functionCalls = toolCalls.map((call) => ({
      name: call.name,
      args: JSON.parse(call.arguments) as Record<string, unknown>,
    }));
    return { ...text, honourStop: !ignoreStop, functionCalls };
  }
  return reply;
}

describe("GeminiLlm passes the provider contract, through the real SDK", () => {
  const checks = providerContract({
    name: "google",
    capabilities,
    server: {
      async start(replies) {
        // Gemini refuses a bad key with 400 API_KEY_INVALID, before anything else.
        const refusesKey = replies.some((reply) => "status" in reply && reply.status === 401);
        const fake = await startFakeGemini(refusesKey ? [] : replies.map(toGemini), {
          apiKey: refusesKey ? "another key" : KEY,
        });
        return { url: fake.baseURL, requests: fake.server.requests, close: fake.close };
      },
    },
    createLlm: (url, { timeoutMs = 5_000 }) =>
      new GeminiLlm({
        model: "gemini-3.8-flash",
        timeoutMs,
        // Retries stay fast; the retry-after check sets its own wait.
        retryDelayMs: 1,
        env: { GEMINI_API_KEY: KEY, GOOGLE_GEMINI_BASE_URL: url },
      }),
    http: {
      key: { value: KEY, setting: "GEMINI_API_KEY" },
      retries: 2,
      timeouts: true,
      lines: {
        keyRejected: (host) =>
          `GEMINI_API_KEY was rejected by ${host} (400 API_KEY_INVALID): check the key, and that GOOGLE_GEMINI_BASE_URL is the server it is for`,
        rateLimited: (host) =>
          `Rate limited by ${host} (429) after 2 retries: wait a moment and try again, or check your plan's limits`,
        serverFailed: (host, words) =>
          `${host} failed with 500 after 2 retries (${words}): try again later`,
        refused: (host) =>
          `Cannot connect to ${host} (ECONNREFUSED): check that the server is running and GOOGLE_GEMINI_BASE_URL is right`,
        badResponse: (host) =>
          `${host} sent a reply that is not a Gemini API stream: check that GOOGLE_GEMINI_BASE_URL points at the Gemini API or a compatible server`,
        timedOut: (host, seconds) =>
          `${host} sent nothing for ${seconds} s: try again, or raise GEMINI_TIMEOUT_MS`,
        streamBroken: (host) =>
          `The reply from ${host} ended before it was complete: try again (the partial reply was discarded)`,
      },
    },
  });
  for (const check of checks) it(check.name, check.run, 60_000);
});
