import { describe, expect, it } from "vitest";
import { pollUntil } from "../test-support/event-log.js";
import { LocalRunFeed } from "./local-run-feed.js";

// What the in-memory feeds keep: running runs whole, finished ones for a while and up to a
// count, and never a feed a reader still waits on.

const RUN_END = JSON.stringify({ type: "run-end", status: "answered" });
const delta = (text: string) => JSON.stringify({ type: "llm-delta", text });

describe("local run feeds' retention", () => {
  it("keeps at most the count of finished feeds, dropping the oldest first", async () => {
    const feed = new LocalRunFeed({ finishedFeedMs: 60 * 60_000, finishedFeeds: 2 });
    await feed.append("running", [delta("a")]);
    for (const runId of ["first", "second", "third"])
      await feed.append(runId, [delta("a"), RUN_END]);
    expect(await feed.length("first")).toBe(0);
    expect(await feed.length("second")).toBe(2);
    expect(await feed.length("third")).toBe(2);
    expect(await feed.length("running")).toBe(1);
    feed.close();
  });

  it("drops a finished feed after a while, but not one a reader waits on for its resumption", async () => {
    const feed = new LocalRunFeed({ finishedFeedMs: 20, finishedFeeds: 100 });
    await feed.append("paused", [delta("a"), RUN_END]);
    const reading = new AbortController();
    const resumed = feed.read("paused", 2, reading.signal)[Symbol.asyncIterator]().next();
    // Timers of one length fire in order: once "done" has gone, "paused" had its turn.
    await feed.append("done", [delta("a"), RUN_END]);
    await pollUntil(async () => (await feed.length("done")) === 0, "the finished feed to go");
    expect(await feed.length("paused")).toBe(2);
    await feed.append("paused", [delta("resumed")]);
    expect((await resumed).value).toEqual({ seq: 2, line: delta("resumed") });
    reading.abort();
    feed.close();
  });
});
