import { afterEach, describe, expect, it } from "vitest";
import { createSearchTool } from "./search-tool.js";
import { startFakeSerpApi } from "./testing/fake-serpapi.js";

const fakes: Array<Awaited<ReturnType<typeof startFakeSerpApi>>> = [];
afterEach(async () => {
  await Promise.all(fakes.splice(0).map((fake) => fake.close()));
});

async function startFake(...args: Parameters<typeof startFakeSerpApi>) {
  const fake = await startFakeSerpApi(...args);
  fakes.push(fake);
  return fake;
}

const live = () => new AbortController().signal;
const slowAnswer = { body: { answer_box: { answer: "late" } }, delayMs: 300 };

describe("one search tool over a session", () => {
  it("answers the same query twice from its cache", async () => {
    const fake = await startFake({ "current year": { body: { answer_box: { answer: "2026" } } } });
    const tool = createSearchTool({ apiKey: "k1", baseURL: fake.baseURL, env: {} });
    expect(await tool.execute("current year", { signal: live() })).toBe("2026");
    expect(await tool.execute("  Current   YEAR ", { signal: live() })).toBe("2026");
    expect(fake.requests).toHaveLength(1);
  });

  it("pays once for the same query asked twice at the same time", async () => {
    const fake = await startFake({}, slowAnswer);
    const tool = createSearchTool({ apiKey: "k1", baseURL: fake.baseURL, env: {} });
    const both = await Promise.all([
      tool.execute("q", { signal: live() }),
      tool.execute("q", { signal: live() }),
    ]);
    expect(both).toEqual(["late", "late"]);
    expect(fake.requests).toHaveLength(1);
  });

  it("does not keep a failure: the next ask tries again", async () => {
    const fake = await startFake({
      q: [{ status: 503, body: "busy" }, { body: { answer_box: { answer: "fine now" } } }],
    });
    const tool = createSearchTool({ apiKey: "k1", baseURL: fake.baseURL, env: {} });
    await expect(tool.execute("q", { signal: live() })).rejects.toThrow("(busy)");
    expect(await tool.execute("q", { signal: live() })).toBe("fine now");
    expect(fake.requests).toHaveLength(2);
  });

  it("stops a search at once when the run is cancelled", async () => {
    // The server answers only after the test's time limit: the search ends by the abort or not at all.
    const fake = await startFake({}, { ...slowAnswer, delayMs: 120_000 });
    const tool = createSearchTool({ apiKey: "k1", baseURL: fake.baseURL, env: {} });
    const controller = new AbortController();
    const search = Promise.resolve(tool.execute("q", { signal: controller.signal }));
    await until(() => fake.requests.length === 1);
    controller.abort();
    await expect(search).rejects.toThrow("the search was cancelled");
  });

  it("keeps a shared search going for the caller who did not cancel", async () => {
    const fake = await startFake({}, slowAnswer);
    const tool = createSearchTool({ apiKey: "k1", baseURL: fake.baseURL, env: {} });
    const controller = new AbortController();
    const cancelled = Promise.resolve(tool.execute("q", { signal: controller.signal }));
    const kept = Promise.resolve(tool.execute("q", { signal: live() }));
    controller.abort();
    await expect(cancelled).rejects.toThrow("the search was cancelled");
    expect(await kept).toBe("late");
    expect(fake.requests).toHaveLength(1);
  });

  it("keeps two tools' keys and hosts apart", async () => {
    const first = await startFake({}, { body: { answer_box: { answer: "from the first" } } });
    const second = await startFake({}, { body: { answer_box: { answer: "from the second" } } });
    const one = createSearchTool({ apiKey: "key-one", baseURL: first.baseURL, env: {} });
    const two = createSearchTool({ apiKey: "key-two", baseURL: second.baseURL, env: {} });
    const answers = await Promise.all([
      one.execute("q", { signal: live() }),
      two.execute("q", { signal: live() }),
    ]);
    expect(answers).toEqual(["from the first", "from the second"]);
    expect(first.requests.map((request) => request.api_key)).toEqual(["key-one"]);
    expect(second.requests.map((request) => request.api_key)).toEqual(["key-two"]);
  });

  it("reads SERPAPI_API_KEY and SERPAPI_BASE_URL from the environment it is given", async () => {
    const fake = await startFake({}, { body: { answer_box: { answer: "env" } } });
    const tool = createSearchTool({
      env: { SERPAPI_API_KEY: " env-key \n", SERPAPI_BASE_URL: fake.baseURL },
    });
    expect(await tool.execute("q", { signal: live() })).toBe("env");
    expect(fake.requests[0]?.api_key).toBe("env-key");
  });
});

async function until(condition: () => boolean) {
  while (!condition()) await new Promise((resolve) => setTimeout(resolve, 10));
}
