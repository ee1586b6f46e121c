import { afterEach, expect } from "vitest";
import { AnthropicLlm } from "../anthropic-llm.js";
import type { AnthropicOptions } from "../settings.js";
import {
  type FakeAnthropicOptions,
  type FakeScript,
  type RecordedRequest,
  startFakeAnthropic,
} from "../testing/fake-anthropic-server.js";

/** A key that must never show up in what users see. */
export const KEY = "sk-ant-test-secret-key-1234567890";

type Fake = Awaited<ReturnType<typeof startFakeAnthropic>>;
const started: Fake[] = [];
afterEach(async () => {
  await Promise.all(started.splice(0).map((fake) => fake.close()));
});

/**
 * A fake server with this script, and the provider pointed at it through the real SDK by
 * ANTHROPIC_BASE_URL and ANTHROPIC_API_KEY, as a user sets them.
 */
export async function llmFor(
  script: FakeScript,
  options: AnthropicOptions = {},
  server: FakeAnthropicOptions = {},
) {
  const fake = await startFakeAnthropic(script, server);
  started.push(fake);
  const llm = new AnthropicLlm({
    model: "test-model",
    timeoutMs: 5_000,
    // Retries stay fast in tests; the retry-after tests override what they check.
    retryDelayMs: 1,
    env: { ANTHROPIC_API_KEY: KEY, ANTHROPIC_BASE_URL: fake.baseURL },
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

/** Waits for a condition the server reports, such as a connection closed early. */
export async function until(condition: () => boolean) {
  for (let tries = 0; tries < 500 && !condition(); tries++) {
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  expect(condition()).toBe(true);
}

export interface SentMessage {
  readonly role: string;
  readonly content: string | readonly (Record<string, unknown> & { readonly type: string })[];
}

/** The messages a recorded request sent; none when there is no such request. */
export function messagesOf(recorded: RecordedRequest | undefined): readonly SentMessage[] {
  return (recorded?.body.messages ?? []) as SentMessage[];
}
