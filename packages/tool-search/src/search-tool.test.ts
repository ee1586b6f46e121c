import { runTool } from "@langchain-mini/core";
import { afterEach, describe, expect, it } from "vitest";
import { createSearchTool, searchUnavailable } from "./search-tool.js";
import { type FakeSearchReply, startFakeSerpApi } from "./testing/fake-serpapi.js";

const KEY = "serp-test-key-0123456789";
let fake: Awaited<ReturnType<typeof startFakeSerpApi>> | undefined;
afterEach(async () => {
  await fake?.close();
  fake = undefined;
});

async function search(
  reply: FakeSearchReply,
  query = "anything",
  options: { timeoutMs?: number; maxLength?: number } = {},
) {
  fake = await startFakeSerpApi({}, reply);
  const tool = createSearchTool({ apiKey: KEY, baseURL: fake.baseURL, env: {}, ...options });
  return runTool(tool, query, { signal: new AbortController().signal, timeoutMs: 30_000 });
}

describe("search tool against a local fake SerpApi, through the serpapi package", () => {
  const answers: Array<[string, unknown, string]> = [
    [
      "the answer box's answer",
      { answer_box: { type: "organic_result", answer: "Paris" } },
      "Paris",
    ],
    [
      "the answer box's snippet",
      {
        answer_box: {
          type: "organic_result",
          snippet:
            "Santa Cruz de Tenerife Temperature Yesterday. Maximum temperature yesterday: 75 °F (at 3:00 pm) Minimum temperature yesterday: 63 °F (at 4:30 am)",
        },
      },
      "Santa Cruz de Tenerife Temperature Yesterday. Maximum temperature yesterday: 75 °F (at 3:00 pm) Minimum temperature yesterday: 63 °F (at 4:30 am)",
    ],
    [
      "a calculator result",
      { answer_box: { type: "calculator_result", result: "404.6" } },
      "404.6",
    ],
    [
      "the weather box",
      {
        answer_box: {
          type: "weather_result",
          temperature: "54",
          unit: "Fahrenheit",
          precipitation: "10%",
          humidity: "80%",
          wind: "7 mph",
          location: "San Francisco, CA",
          date: "Monday 2:00 PM",
          weather: "Cloudy",
        },
      },
      "San Francisco, CA, Monday 2:00 PM: 54°F, Cloudy, precipitation 10%, humidity 80%, wind 7 mph",
    ],
    [
      "highlighted words",
      {
        answer_box: {
          type: "organic_result",
          snippet_highlighted_words: ["4.69 seconds", "Yiheng Wang"],
        },
      },
      "4.69 seconds, Yiheng Wang",
    ],
    [
      "sports results",
      {
        sports_results: {
          title: "Warriors",
          game_spotlight: {
            league: "NBA",
            date: "Yesterday",
            teams: [
              { name: "Warriors", score: "112" },
              { name: "Lakers", score: "108" },
            ],
          },
        },
      },
      "Warriors: Warriors 112 - Lakers 108 (NBA, Yesterday)",
    ],
    [
      "the knowledge graph",
      {
        knowledge_graph: {
          title: "Rubik's Cube",
          description: "A 3-D combination puzzle invented in 1974.",
        },
      },
      "Rubik's Cube: A 3-D combination puzzle invented in 1974.",
    ],
    [
      "the top three organic results",
      {
        organic_results: [
          { title: "One", snippet: "first" },
          { title: "Two", snippet: "second" },
          { title: "Three", snippet: "third" },
          { title: "Four", snippet: "fourth" },
        ],
      },
      "One: first\nTwo: second\nThree: third",
    ],
    ["nothing usable", { search_metadata: { status: "Success" } }, "No good search result found"],
  ];

  it.each(answers)("answers from %s", async (_name, body, expected) => {
    const outcome = await search({ body });
    expect(outcome).toEqual({ observation: expected });
    expect(fake?.requests[0]).toMatchObject({
      q: "anything",
      engine: "google",
      api_key: KEY,
      output: "json",
    });
  });

  it("says 'No results for <query>' for a 200 with a top-level error", async () => {
    const outcome = await search(
      { body: { error: "Google hasn't returned any results for this query." } },
      "zxqv nonsense",
    );
    expect(outcome.observation).toBe("No results for zxqv nonsense");
  });

  it("caps a long answer", async () => {
    const outcome = await search({ body: { answer_box: { snippet: "word ".repeat(500) } } }, "q", {
      maxLength: 50,
    });
    expect(outcome.observation.length).toBeLessThanOrEqual(50);
    expect(outcome.observation.endsWith("…")).toBe(true);
  });

  const failures: Array<[string, FakeSearchReply, string]> = [
    [
      "401",
      {
        status: 401,
        body: {
          error: "Invalid API key. Your API key should be here: https://serpapi.com/manage-api-key",
        },
      },
      "Tool search failed: SerpApi rejected the API key (401): answer without searching; the user should check SERPAPI_API_KEY",
    ],
    [
      "429",
      { status: 429, body: { error: "Your account has run out of searches." } },
      "Tool search failed: the SerpApi account has run out of searches (429): answer without searching",
    ],
    [
      "500",
      { status: 500, body: "<html><body>Internal Server Error</body></html>" },
      "Tool search failed: SerpApi answered with an error (Internal Server Error): try again later or answer without searching",
    ],
    [
      "a body that is not JSON",
      { status: 200, body: "<html>captcha</html>" },
      "Tool search failed: SerpApi sent a reply that is not JSON: answer without searching",
    ],
  ];

  it.each(failures)(
    "turns %s into an observation the model can use",
    async (_name, reply, expected) => {
      const outcome = await search(reply);
      expect(outcome.observation).toBe(expected);
      expect(outcome.error?.code).toBe("tool_failed");
      expect(outcome.observation).not.toContain(KEY);
    },
  );

  it("gives up on a server that is too slow", async () => {
    const outcome = await search(
      { body: { answer_box: { answer: "late" } }, delayMs: 2_000 },
      "q",
      { timeoutMs: 100 },
    );
    expect(outcome.observation).toBe(
      "Tool search failed: no answer from SerpApi within 0.1 s: try a shorter query or answer without searching",
    );
  });

  it("stops a search when the run is cancelled", async () => {
    fake = await startFakeSerpApi({}, { body: { answer_box: { answer: "late" } }, delayMs: 2_000 });
    const tool = createSearchTool({ apiKey: KEY, baseURL: fake.baseURL, env: {} });
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 30);
    const started = performance.now();
    await expect(tool.execute("q", { signal: controller.signal })).rejects.toThrow(
      "the search was cancelled",
    );
    expect(performance.now() - started).toBeLessThan(1_500);
  });

  it("answers the same query twice from its cache", async () => {
    fake = await startFakeSerpApi({ "current year": { body: { answer_box: { answer: "2026" } } } });
    const tool = createSearchTool({ apiKey: KEY, baseURL: fake.baseURL, env: {} });
    const signal = new AbortController().signal;
    expect(await tool.execute("current year", { signal })).toBe("2026");
    expect(await tool.execute(" current year ", { signal })).toBe("2026");
    expect(fake.requests).toHaveLength(1);
  });

  it("is unavailable without a key, and says what to set", () => {
    expect(searchUnavailable({})).toBe(
      "SERPAPI_API_KEY is not set, so web search is left out: set it in the environment or .env to enable the search tool",
    );
    expect(searchUnavailable({ SERPAPI_API_KEY: "k" })).toBeUndefined();
    expect(() => createSearchTool({ env: {} })).toThrow("SERPAPI_API_KEY is not set");
  });
});
