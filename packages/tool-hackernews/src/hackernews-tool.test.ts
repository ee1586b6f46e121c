import { runTool } from "@langchain-mini/core";
import { afterEach, describe, expect, it } from "vitest";
import { createHackerNewsTool } from "./hackernews-tool.js";
import { type FakeHackerNewsOptions, startFakeHackerNews } from "./testing/fake-hackernews.js";

let fake: Awaited<ReturnType<typeof startFakeHackerNews>> | undefined;
afterEach(async () => {
  await fake?.close();
  fake = undefined;
});

async function search(
  options: FakeHackerNewsOptions,
  query = "llm agents",
  tool: { timeoutMs?: number; maxLength?: number } = {},
) {
  fake = await startFakeHackerNews(options);
  return runTool(createHackerNewsTool({ baseURL: fake.baseURL, env: {}, ...tool }), query, {
    signal: new AbortController().signal,
    timeoutMs: 30_000,
  });
}

describe("hackernews tool against a local fake Algolia API", () => {
  it("lists the top stories with points, link and a top comment", async () => {
    const outcome = await search({
      hits: [
        {
          objectID: "1",
          title: "Show HN: a tiny agent",
          url: "https://example.com/agent",
          points: 321,
        },
        { objectID: "2", title: "Ask HN: agents in production?", url: null, points: 45 },
      ],
      items: { "1": [{ text: null }, { text: "<p>This is neat &amp; small.</p>" }] },
    });
    expect(outcome.observation).toBe(
      "1. Show HN: a tiny agent (321 points) https://example.com/agent\n   Top comment: This is neat & small.\n" +
        "2. Ask HN: agents in production? (45 points) https://news.ycombinator.com/item?id=2",
    );
    expect(fake?.requests[0]).toBe("/api/v1/search?tags=story&hitsPerPage=3&query=llm%20agents");
  });

  it("says when nothing was found", async () => {
    expect((await search({ hits: [] }, "zxqv")).observation).toBe(
      "No Hacker News stories found for zxqv",
    );
  });

  it("is bounded", async () => {
    const hits = [{ objectID: "1", title: "x".repeat(2_000), points: 1 }];
    const outcome = await search({ hits }, "q", { maxLength: 100 });
    expect(outcome.observation.length).toBe(100);
  });

  it.each([
    [
      "a server error",
      { status: 503, body: "down" },
      "Tool hackernews failed: Hacker News search answered 503: try again later or answer without it",
    ],
    [
      "a body that is not JSON",
      { status: 200, body: "<html>" },
      "Tool hackernews failed: Hacker News search sent a reply that is not JSON: answer without it",
    ],
    [
      "a slow server",
      { hits: [], delayMs: 2_000 },
      "Tool hackernews failed: no answer from Hacker News search within 0.1 s: answer without it",
    ],
  ] as const)("turns %s into an observation", async (_name, options, expected) => {
    const outcome = await search(options, "q", { timeoutMs: 100 });
    expect(outcome.observation).toBe(expected);
    expect(outcome.error?.code).toBe("tool_failed");
  });
});
