import type { AgentEvent } from "@langchain-mini/core";
import { describe, expect, it } from "vitest";
import { EventCoalescer, type Timer } from "./event-coalescer.js";

/** A clock the test moves by hand. */
function manualTimer() {
  let now = 0;
  const pending: { at: number; callback: () => void }[] = [];
  const timer: Timer = {
    now: () => now,
    set: (callback, ms) => {
      const entry = { at: now + ms, callback };
      pending.push(entry);
      return entry;
    },
    clear: (handle) => {
      const index = pending.indexOf(handle as (typeof pending)[number]);
      if (index !== -1) pending.splice(index, 1);
    },
  };
  const advance = (ms: number) => {
    now += ms;
    for (const entry of pending.filter((item) => item.at <= now)) {
      pending.splice(pending.indexOf(entry), 1);
      entry.callback();
    }
  };
  return { timer, advance };
}

const delta = (text: string): AgentEvent => ({ type: "llm-delta", step: 1, text });

describe("EventCoalescer", () => {
  it("sends the first event at once, then at most one batch per frame, deltas merged", () => {
    const { timer, advance } = manualTimer();
    const batches: AgentEvent[][] = [];
    const coalescer = new EventCoalescer((events) => batches.push(events), 30, timer);
    coalescer.push({ type: "llm-start", step: 1 });
    expect(batches).toHaveLength(1);
    // 200 tokens a second: one every 5 ms for a second.
    for (let token = 0; token < 200; token++) {
      coalescer.push(delta("x"));
      advance(5);
    }
    coalescer.flush();
    expect(batches.length).toBeLessThanOrEqual(1 + Math.ceil(1000 / 30) + 1);
    expect(batches.length).toBeGreaterThan(25);
    const text = batches
      .flat()
      .map((event) => (event.type === "llm-delta" ? event.text : ""))
      .join("");
    expect(text).toBe("x".repeat(200));
    for (const batch of batches.slice(1)) expect(batch).toHaveLength(1);
  });

  it("keeps events in order and does not merge deltas of different steps", () => {
    const { timer } = manualTimer();
    const batches: AgentEvent[][] = [];
    const coalescer = new EventCoalescer((events) => batches.push(events), 30, timer);
    coalescer.push({ type: "llm-start", step: 1 });
    coalescer.push(delta("a"));
    coalescer.push(delta("b"));
    coalescer.push({ type: "llm-delta", step: 2, text: "c" });
    coalescer.flush();
    expect(batches[1]).toEqual([delta("ab"), { type: "llm-delta", step: 2, text: "c" }]);
  });

  it("drops what waits when disposed", () => {
    const { timer, advance } = manualTimer();
    const batches: AgentEvent[][] = [];
    const coalescer = new EventCoalescer((events) => batches.push(events), 30, timer);
    coalescer.push(delta("a"));
    coalescer.push(delta("b"));
    coalescer.dispose();
    advance(100);
    expect(batches).toEqual([[delta("a")]]);
  });
});
