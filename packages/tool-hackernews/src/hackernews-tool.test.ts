import { isLangchainMiniError, runTool } from "@langchain-mini/core";
import { afterEach, describe, expect, it } from "vitest";
import { createHackerNewsTool, type HackerNewsOptions } from "./hackernews-tool.js";
import { type FakeHackerNewsOptions, startFakeHackerNews } from "./testing/fake-hackernews.js";

let fake: Awaited<ReturnType<typeof startFakeHackerNews>> | undefined;
afterEach(async () => {
  await fake?.close();
  fake = undefined;
});

const live = () => new AbortController().signal;

async function search(
  options: FakeHackerNewsOptions,
  query = "llm agents",
  tool: { timeoutMs?: number; maxLength?: number } = {},
) {
  fake = await startFakeHackerNews(options);
  return runTool(createHackerNewsTool({ baseURL: fake.baseURL, env: {}, ...tool }), query, {
    signal: live(),
    timeoutMs: 30_000,
  });
}

const stories = [
  {
    objectID: "1",
    title: "Show HN: a tiny agent",
    url: "https://example.com/agent",
    points: 321,
    num_comments: 87,
    created_at: "2024-03-01T12:00:00.000Z",
  },
  { objectID: "2", title: "Ask HN: agents in production?", url: null, points: 45 },
];

describe("hackernews tool against a local fake Algolia API", () => {
  it("stops reading a reply that never ends, and says so", async () => {
    const outcome = await search({ endless: true });
    expect(outcome.observation).toBe(
      "Tool hackernews failed: Hacker News search sent a reply larger than 2 MB: answer without it",
    );
    await expect.poll(() => fake?.seen.endlessClosed).toBe(true);
    // It read about the limit, not gigabytes.
    expect(fake?.seen.endlessBytes).toBeLessThan(20_000_000);
  });

  it("never turns entities into control, bidi or zero-width characters", async () => {
    const outcome = await search({
      hits: [{ objectID: "1", title: "t" }],
      items: { "1": [{ text: "a&#27;[2Jb&#x202E;c&#8203;d&#x9b;e &#x41; &constructor; &amp;" }] },
    });
    expect(outcome.observation).toContain(
      "Top comment: a&#27;[2Jb&#x202E;c&#8203;d&#x9b;e A &constructor; &",
    );
    expect(outcome.observation).not.toMatch(
      /[\u0000-\u0009\u000b-\u001f\u007f-\u009f\u200b\u202e]/u,
    );
  });

  it("lists the top stories with points, link and a top comment", async () => {
    const outcome = await search({
      hits: stories,
      items: {
        "1": [
          { text: "<p>First, but nobody answered.</p>" },
          { text: null, children: [{ text: "a reply to a deleted comment" }] },
          {
            text: "<p>This is neat &amp; small &#x2F; it&#x27;s &quot;great&quot;.</p>",
            children: [{ text: "agreed", children: [{ text: "+1" }] }],
          },
        ],
      },
    });
    expect(outcome).toEqual({
      observation:
        "1. Show HN: a tiny agent (321 points, 87 comments, 2024-03-01) https://example.com/agent\n" +
        `   Top comment: This is neat & small / it's "great".\n` +
        "2. Ask HN: agents in production? (45 points) https://news.ycombinator.com/item?id=2",
    });
    expect(fake?.requests).toEqual([
      "/api/v1/search?tags=story&hitsPerPage=3&query=llm%20agents",
      "/api/v1/items/1",
      "/api/v1/items/2",
    ]);
  });

  it("says when nothing was found", async () => {
    expect((await search({ hits: [] }, "zxqv")).observation).toBe(
      "No Hacker News stories found for zxqv",
    );
  });

  it("is bounded", async () => {
    const hits = [{ objectID: "1", title: "x".repeat(2_000), points: 1 }];
    const outcome = await search({ hits }, "q", { maxLength: 100 });
    expect(outcome.observation).toHaveLength(100);
  });

  it("still lists the stories when their comments cannot be read", async () => {
    const outcome = await search({ hits: stories.slice(0, 1), itemsStatus: 500 });
    expect(outcome.observation).toBe(
      "1. Show HN: a tiny agent (321 points, 87 comments, 2024-03-01) https://example.com/agent",
    );
  });

  it("answers the same query again from its cache", async () => {
    fake = await startFakeHackerNews({ hits: stories.slice(0, 1) });
    const tool = createHackerNewsTool({ baseURL: fake.baseURL, env: {} });
    const first = await tool.execute("Bun", { signal: live() });
    expect(await tool.execute(" bun ", { signal: live() })).toBe(first);
    expect(fake.requests).toHaveLength(2);
  });

  it.each([
    [
      "a server error",
      { status: 503, body: "down" },
      "Tool hackernews failed: Hacker News search answered 503: try again later or answer without it",
    ],
    [
      "a rate limit",
      { status: 429, body: "slow down" },
      "Tool hackernews failed: Hacker News search is limiting how fast we may ask (429): wait a minute or answer without it",
    ],
    [
      "a body that is not JSON",
      { status: 200, body: "<html>" },
      "Tool hackernews failed: Hacker News search sent a reply that is not JSON: answer without it",
    ],
  ] as const)("turns %s into an observation", async (_name, options, expected) => {
    const outcome = await search(options, "q");
    expect(outcome.observation).toBe(expected);
    expect(outcome.error?.code).toBe("tool_failed");
  });

  it("turns a server that does not answer in time into an observation", async () => {
    // It answers only after the test's time limit: the tool's own 0.1 s must end the search.
    const outcome = await search({ hits: [], delayMs: 120_000 }, "q", { timeoutMs: 100 });
    expect(outcome.observation).toBe(
      "Tool hackernews failed: no answer from Hacker News search within 0.1 s: answer without it",
    );
    expect(outcome.error?.code).toBe("tool_failed");
  });

  it("says which host it cannot reach", async () => {
    fake = await startFakeHackerNews({});
    const { baseURL } = fake;
    await fake.close();
    const tool = createHackerNewsTool({ baseURL, env: {} });
    const outcome = await runTool(tool, "q", { signal: live(), timeoutMs: 30_000 });
    expect(outcome.observation).toBe(
      `Tool hackernews failed: cannot reach Hacker News search at ${new URL(baseURL).host} (ECONNREFUSED): answer without it`,
    );
  });

  it("stops at once when the run is cancelled", async () => {
    // The server answers only after the test's time limit: the search ends by the abort or not at all.
    fake = await startFakeHackerNews({ hits: [], delayMs: 120_000 });
    const tool = createHackerNewsTool({ baseURL: fake.baseURL, env: {} });
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 30);
    await expect(
      Promise.resolve(tool.execute("q", { signal: controller.signal })),
    ).rejects.toMatchObject({ code: "aborted", message: "the search was cancelled" });
  });

  it.each([
    [
      { env: { HACKERNEWS_BASE_URL: "hn.algolia.com" } },
      "HACKERNEWS_BASE_URL is not a URL ('hn.algolia.com'): give one like https://hn.algolia.com, or unset it",
    ],
    [{ stories: 0, env: {} }, "The Hacker News stories must be a whole number from 1 to 10, not 0"],
    [{ timeoutMs: -1, env: {} }, "The Hacker News timeoutMs must be a whole number from 1, not -1"],
  ] as Array<[HackerNewsOptions, string]>)("refuses %o in one line", (options, message) => {
    let thrown: unknown;
    try {
      createHackerNewsTool(options);
    } catch (error) {
      thrown = error;
    }
    expect(isLangchainMiniError(thrown) && thrown.code).toBe("config_invalid");
    expect((thrown as Error).message).toBe(message);
  });
});
