import { afterEach, expect } from "vitest";
import { GeminiLlm } from "../gemini-llm.js";
import type { GeminiOptions } from "../settings.js";
import {
  type FakeGeminiOptions,
  type FakeScript,
  startFakeGemini,
} from "../testing/fake-gemini-server.js";

/** A key that must never show up in what users see. */
export const KEY = "AIzaSyTest-secret-key-1234567890abcdef";

type Fake = Awaited<ReturnType<typeof startFakeGemini>>;
const started: Fake[] = [];
afterEach(async () => {
  await Promise.all(started.splice(0).map((fake) => fake.close()));
});

/**
 * A fake Gemini server with this script, and the provider pointed at it through the real
 * SDK by GOOGLE_GEMINI_BASE_URL and GEMINI_API_KEY, as a user sets them.
 */
export async function llmFor(
  script: FakeScript,
  options: GeminiOptions = {},
  server: FakeGeminiOptions = {},
) {
  const fake = await startFakeGemini(script, { apiKey: KEY, ...server });
  started.push(fake);
  const llm = new GeminiLlm({
    model: "gemini-3.8-flash",
    timeoutMs: 5_000,
    // Retries stay fast in tests; the retry-after tests override what they check.
    retryDelayMs: 1,
    env: { GEMINI_API_KEY: KEY, GOOGLE_GEMINI_BASE_URL: fake.baseURL },
    ...options,
  });
  return { llm, fake, host: fake.baseURL };
}

/** What a failing call threw, for asserting code and message. */
export function failureOf(promise: Promise<unknown>) {
  return promise.then(
    () => {
      throw new Error("expected the call to fail");
    },
    (error: unknown) => error as Error & { code?: string },
  );
}

/** Waits for something the server sees (a closed connection), with a generous limit. */
export async function until(condition: () => boolean) {
  for (let tries = 0; tries < 3_000 && !condition(); tries++) {
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  expect(condition()).toBe(true);
}
