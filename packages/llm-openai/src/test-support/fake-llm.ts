import { afterEach } from "vitest";
import { OpenAiLlm } from "../openai-llm.js";
import type { OpenAiOptions } from "../settings.js";
import {
  type FakeOpenAiOptions,
  type FakeScript,
  startFakeOpenAi,
} from "../testing/fake-openai-server.js";

/** A key that must never show up in what users see. */
export const KEY = "sk-test-secret-key-1234567890";

type Fake = Awaited<ReturnType<typeof startFakeOpenAi>>;
const started: Fake[] = [];
afterEach(async () => {
  await Promise.all(started.splice(0).map((fake) => fake.close()));
});

/**
 * A fake server with this script, and the provider pointed at it through the real SDK by
 * OPENAI_BASE_URL and OPENAI_API_KEY, as a user sets them.
 */
export async function llmFor(
  script: FakeScript,
  options: OpenAiOptions = {},
  server: FakeOpenAiOptions = {},
) {
  const fake = await startFakeOpenAi(script, server);
  started.push(fake);
  const llm = new OpenAiLlm({
    model: "test-model",
    timeoutMs: 5_000,
    // Retries stay fast in tests; the retry-after tests override what they check.
    retryDelayMs: 1,
    env: { OPENAI_API_KEY: KEY, OPENAI_BASE_URL: fake.baseURL },
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
