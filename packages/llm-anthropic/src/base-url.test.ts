import { generate } from "@langchain-mini/core";
import { afterEach, describe, expect, it } from "vitest";
import { AnthropicLlm } from "./anthropic-llm.js";
import { startFakeAnthropic } from "./testing/fake-anthropic-server.js";

type Fake = Awaited<ReturnType<typeof startFakeAnthropic>>;
const started: Fake[] = [];
afterEach(async () => {
  await Promise.all(started.splice(0).map((fake) => fake.close()));
});

async function fakeAt(basePath?: string) {
  const fake = await startFakeAnthropic([{ text: "Final Answer: 4" }], { basePath });
  started.push(fake);
  return fake;
}

describe("ANTHROPIC_BASE_URL, through the real SDK, with no key", () => {
  it("reaches the Messages API with or without the API's /v1", async () => {
    const fake = await fakeAt();
    for (const baseURL of [fake.baseURL, `${fake.baseURL}/`, `${fake.baseURL}/v1`]) {
      const llm = new AnthropicLlm({ model: "m", env: { ANTHROPIC_BASE_URL: baseURL } });
      expect((await generate(llm, { prompt: "p" })).text, baseURL).toBe("Final Answer: 4");
    }
    expect(fake.requests.map((request) => request.path)).toEqual(Array(3).fill("/v1/messages"));
    expect(fake.requests.map((request) => request.headers.authorization)).toEqual(
      Array(3).fill("Bearer not-needed"),
    );
  });

  it("keeps a proxy's own path, with or without /v1 after it", async () => {
    const fake = await fakeAt("/proxy/anthropic");
    for (const baseURL of [fake.baseURL, `${fake.baseURL}/v1/`]) {
      const llm = new AnthropicLlm({ model: "m", env: { ANTHROPIC_BASE_URL: baseURL } });
      expect((await generate(llm, { prompt: "p" })).text, baseURL).toBe("Final Answer: 4");
    }
    expect(fake.requests.map((request) => request.path)).toEqual(
      Array(2).fill("/proxy/anthropic/v1/messages"),
    );
  });

  it("takes the baseURL option the same way", async () => {
    const fake = await fakeAt();
    const llm = new AnthropicLlm({ baseURL: `${fake.baseURL}/v1`, model: "m", env: {} });
    expect((await generate(llm, { prompt: "p" })).text).toBe("Final Answer: 4");
    expect(fake.requests[0]?.path).toBe("/v1/messages");
  });
});
