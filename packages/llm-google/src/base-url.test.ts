import { generate } from "@langchain-mini/core";
import { afterEach, describe, expect, it } from "vitest";
import { GeminiLlm } from "./gemini-llm.js";
import { startFakeGemini } from "./testing/fake-gemini-server.js";

type Fake = Awaited<ReturnType<typeof startFakeGemini>>;
const started: Fake[] = [];
afterEach(async () => {
  await Promise.all(started.splice(0).map((fake) => fake.close()));
});

/** A server that takes any key, as a local or proxying one does. */
async function fakeAt(basePath?: string) {
  const fake = await startFakeGemini([{ text: "Final Answer: 4" }], { basePath });
  started.push(fake);
  return fake;
}

const answer = (env: Record<string, string>) =>
  generate(new GeminiLlm({ model: "gemini-2.5-flash", env }), { prompt: "p" });

describe("the Gemini base URL, through the real SDK, with no key", () => {
  it("reaches the API with or without the version, which then picks the version", async () => {
    const fake = await fakeAt();
    for (const base of ["", "/", "/v1", "/v1beta", "/v1beta/"]) {
      const env = { GOOGLE_GEMINI_BASE_URL: `${fake.baseURL}${base}` };
      expect((await answer(env)).text, base).toBe("Final Answer: 4");
    }
    expect(fake.requests.map((request) => request.apiVersion)).toEqual([
      "v1",
      "v1",
      "v1",
      "v1beta",
      "v1beta",
    ]);
    expect(new Set(fake.requests.map((request) => request.apiKey))).toEqual(
      new Set(["not-needed"]),
    );
  });

  it("takes GEMINI_BASE_URL beside the GEMINI_* settings, and a proxy's own path", async () => {
    const fake = await fakeAt("/gemini-proxy");
    expect((await answer({ GEMINI_BASE_URL: `${fake.baseURL}/v1beta` })).text).toBe(
      "Final Answer: 4",
    );
    expect(fake.requests[0]).toMatchObject({ apiVersion: "v1beta", model: "gemini-2.5-flash" });
  });

  it("takes the baseURL option, and the old baseUrl spelling", async () => {
    const fake = await fakeAt();
    for (const options of [{ baseURL: `${fake.baseURL}/v1beta` }, { baseUrl: fake.baseURL }]) {
      const llm = new GeminiLlm({ ...options, model: "m", env: {} });
      expect((await generate(llm, { prompt: "p" })).text).toBe("Final Answer: 4");
    }
    expect(fake.requests.map((request) => request.apiVersion)).toEqual(["v1beta", "v1"]);
  });
});
