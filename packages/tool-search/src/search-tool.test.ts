import { runTool } from "@langchain-mini/core";
import { afterEach, describe, expect, it } from "vitest";
import { SearchError } from "./search-failure.js";
import { createSearchTool } from "./search-tool.js";
import { type FakeSearchReply, startFakeSerpApi } from "./testing/fake-serpapi.js";

const KEY = "serp-test-key-0123456789";
const fakes: Array<Awaited<ReturnType<typeof startFakeSerpApi>>> = [];
afterEach(async () => {
  await Promise.all(fakes.splice(0).map((fake) => fake.close()));
});

async function startFake(...args: Parameters<typeof startFakeSerpApi>) {
  const fake = await startFakeSerpApi(...args);
  fakes.push(fake);
  return fake;
}

async function search(
  reply: FakeSearchReply,
  query = "anything",
  options: { timeoutMs?: number; maxLength?: number } = {},
) {
  const fake = await startFake({}, reply);
  const tool = createSearchTool({ apiKey: KEY, baseURL: fake.baseURL, env: {}, ...options });
  const outcome = await runTool(tool, query, {
    signal: new AbortController().signal,
    timeoutMs: 30_000,
  });
  return { ...outcome, fake };
}

const TENERIFE =
  "Santa Cruz de Tenerife Temperature Yesterday. Maximum temperature yesterday: 75 °F (at 3:00 pm) Minimum temperature yesterday: 63 °F (at 4:30 am)";

describe("search answers, through the serpapi package and a local fake SerpApi", () => {
  const answers: Array<[string, unknown, string]> = [
    [
      "the answer box's answer",
      { answer_box: { type: "organic_result", answer: "Paris" } },
      "Paris",
    ],
    [
      "the answer box's snippet",
      { answer_box: { type: "organic_result", title: "Weather", snippet: TENERIFE } },
      TENERIFE,
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
          forecast: [{ day: "Tuesday", temperature: { high: "60", low: "50" } }],
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
          type: "Puzzle",
          description: "A 3-D combination puzzle invented in 1974.",
        },
        organic_results: [{ title: "Wikipedia", snippet: "not this" }],
      },
      "Rubik's Cube: A 3-D combination puzzle invented in 1974.",
    ],
    [
      "the top three organic results",
      {
        organic_results: [
          { position: 1, title: "One", link: "https://one.example", snippet: "first" },
          { position: 2, title: "Two", snippet: "second" },
          { position: 3, title: "Three", snippet: "third" },
          { position: 4, title: "Four", snippet: "fourth" },
        ],
      },
      "One: first\nTwo: second\nThree: third",
    ],
    ["nothing usable", { search_metadata: { status: "Success" } }, "No good search result found"],
  ];

  it.each(answers)("answers from %s", async (_name, body, expected) => {
    const { observation, error, fake } = await search({ body });
    expect({ observation, error }).toEqual({ observation: expected, error: undefined });
    expect(fake.requests[0]).toMatchObject({
      q: "anything",
      engine: "google",
      api_key: KEY,
      output: "json",
    });
  });

  it("says 'No results for <query>' for a 200 with a top-level error", async () => {
    const { observation, error } = await search(
      {
        body: {
          search_metadata: { status: "Success" },
          error: "Google hasn't returned any results for this query.",
        },
      },
      "zxqv nonsense",
    );
    expect(observation).toBe("No results for zxqv nonsense");
    expect(error).toBeUndefined();
  });

  it("caps a long answer", async () => {
    const { observation } = await search(
      { body: { answer_box: { snippet: "word ".repeat(500) } } },
      "q",
      { maxLength: 50 },
    );
    expect(observation).toHaveLength(50);
    expect(observation.endsWith("…")).toBe(true);
  });

  it("sends the engine, language and country it was given, and nothing unset", async () => {
    const fake = await startFake({}, { body: { answer_box: { answer: "ok" } } });
    const signal = new AbortController().signal;
    const env = { SERPAPI_API_KEY: KEY, SERPAPI_BASE_URL: fake.baseURL };
    await createSearchTool({ env, engine: "bing", hl: "es", gl: "es" }).execute("q1", { signal });
    await createSearchTool({ env }).execute("q2", { signal });
    expect(fake.requests[0]).toMatchObject({ engine: "bing", hl: "es", gl: "es" });
    expect(Object.keys(fake.requests[1] ?? {}).sort()).toEqual([
      "api_key",
      "engine",
      "output",
      "q",
      "source",
    ]);
  });
});

describe("search failures become observations the model can use", () => {
  const failures: Array<[string, FakeSearchReply, string, string]> = [
    [
      "401",
      {
        status: 401,
        body: {
          error: "Invalid API key. Your API key should be here: https://serpapi.com/manage-api-key",
        },
      },
      "invalid_key",
      "SerpApi rejected the API key (401): answer without searching; the user should check SERPAPI_API_KEY",
    ],
    [
      "429, out of searches",
      { status: 429, body: { error: "Your account has run out of searches." } },
      "out_of_searches",
      "the SerpApi account has run out of searches (429): answer without searching",
    ],
    [
      "429, over the hourly throughput",
      {
        status: 429,
        body: { error: "You have exceeded the hourly throughput limit for your plan." },
      },
      "rate_limited",
      "SerpApi is limiting how fast this key may search (429): answer without searching for now",
    ],
    [
      "500 with an HTML page",
      { status: 500, body: "<html><body>Internal Server Error</body></html>" },
      "server_error",
      "SerpApi answered with an error (Internal Server Error): try again later or answer without searching",
    ],
    [
      "400 with SerpApi's JSON error",
      { status: 400, body: { error: "Unsupported `xx` country - gl parameter." } },
      "server_error",
      "SerpApi answered with an error (Unsupported `xx` country - gl parameter.): try again later or answer without searching",
    ],
    [
      "a 200 body that is not JSON",
      { status: 200, body: "<html>captcha</html>" },
      "not_json",
      "SerpApi sent a reply that is not JSON: answer without searching",
    ],
    [
      "a proxy's page that echoes the key",
      { status: 502, body: `Bad gateway for /search?api_key=${KEY}&q=x` },
      "server_error",
      "SerpApi answered with an error (Bad gateway for /search?api_key=[REDACTED]&q=x): try again later or answer without searching",
    ],
  ];

  it.each(failures)("turns %s into an observation", async (_name, reply, reason, expected) => {
    const { observation, error } = await search(reply);
    expect(observation).toBe(`Tool search failed: ${expected}`);
    expect(error?.code).toBe("tool_failed");
    expect(observation).not.toContain(KEY);
    const fake = await startFake({}, reply);
    const tool = createSearchTool({ apiKey: KEY, baseURL: fake.baseURL, env: {} });
    const thrown = await Promise.resolve(
      tool.execute("q", { signal: new AbortController().signal }),
    ).catch((caught: unknown) => caught);
    expect(thrown).toBeInstanceOf(SearchError);
    expect((thrown as SearchError).reason).toBe(reason);
  });

  it("gives up on a server that is too slow", async () => {
    const { observation, error } = await search(
      // It answers only after the test's time limit: the tool's own 0.1 s must end the search.
      { body: { answer_box: { answer: "late" } }, delayMs: 120_000 },
      "q",
      { timeoutMs: 100 },
    );
    expect(observation).toBe(
      "Tool search failed: no answer from SerpApi within 0.1 s: try a shorter query or answer without searching",
    );
    expect(error?.code).toBe("tool_failed");
  });

  it("says which host it cannot reach", async () => {
    const fake = await startFake({});
    await fake.close();
    const tool = createSearchTool({ apiKey: KEY, baseURL: fake.baseURL, env: {} });
    const outcome = await runTool(tool, "q", {
      signal: new AbortController().signal,
      timeoutMs: 30_000,
    });
    expect(outcome.observation).toBe(
      `Tool search failed: cannot reach SerpApi at ${new URL(fake.baseURL).host} (ECONNREFUSED): answer without searching`,
    );
  });
});
