import { generate } from "@langchain-mini/core";
import { afterEach, describe, expect, it } from "vitest";
import { OpenAiLlm } from "./openai-llm.js";
import { startFakeOpenAi } from "./testing/fake-openai-server.js";

type Fake = Awaited<ReturnType<typeof startFakeOpenAi>>;
const started: Fake[] = [];
afterEach(async () => {
  await Promise.all(started.splice(0).map((fake) => fake.close()));
});

async function fakeAt(basePath?: string) {
  const fake = await startFakeOpenAi([{ text: "Final Answer: 4" }], { basePath });
  started.push(fake);
  return { fake, origin: new URL(fake.baseURL).origin };
}

describe("OPENAI_BASE_URL, through the real SDK, with no key", () => {
  it("reaches the API at a bare host, with or without a slash, and at /v1", async () => {
    const { fake, origin } = await fakeAt();
    for (const baseURL of [origin, `${origin}/`, `${origin}/v1`, `${origin}/v1/`]) {
      const llm = new OpenAiLlm({ model: "m", env: { OPENAI_BASE_URL: baseURL } });
      expect((await generate(llm, { prompt: "p" })).text, baseURL).toBe("Final Answer: 4");
    }
    expect(fake.requests.map((request) => request.path)).toEqual(
      Array(4).fill("/v1/chat/completions"),
    );
    expect(fake.requests.map((request) => request.authorization)).toEqual(
      Array(4).fill("Bearer not-needed"),
    );
  });

  it("keeps any other path as given: a proxy's or a gateway's", async () => {
    const { fake, origin } = await fakeAt("/gateway/openai");
    const llm = new OpenAiLlm({ model: "m", env: { OPENAI_BASE_URL: `${origin}/gateway/openai` } });
    expect((await generate(llm, { prompt: "p" })).text).toBe("Final Answer: 4");
    expect(fake.requests[0]?.path).toBe("/gateway/openai/chat/completions");
  });

  it("takes the baseURL option the same way", async () => {
    const { fake, origin } = await fakeAt();
    const llm = new OpenAiLlm({ baseURL: origin, model: "m", env: {} });
    expect((await generate(llm, { prompt: "p" })).text).toBe("Final Answer: 4");
    expect(fake.requests[0]?.path).toBe("/v1/chat/completions");
  });
});
