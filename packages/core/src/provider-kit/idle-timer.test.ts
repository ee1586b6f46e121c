import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { IdleTimer } from "./idle-timer.js";

describe("IdleTimer", () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it("aborts a server silent for the whole time, and says the time ran out", () => {
    const idle = new IdleTimer(1_000);
    vi.advanceTimersByTime(999);
    expect(idle.signal.aborted).toBe(false);
    vi.advanceTimersByTime(1);
    expect(idle.signal.aborted).toBe(true);
    expect(idle.expired).toBe(true);
  });

  it("never cuts a reply that keeps streaming", () => {
    const idle = new IdleTimer(1_000);
    for (let token = 0; token < 10; token++) {
      vi.advanceTimersByTime(900);
      idle.reset();
    }
    expect(idle.signal.aborted).toBe(false);
    idle.stop();
  });

  it("follows the caller's abort, which is not a timeout", () => {
    const caller = new AbortController();
    const idle = new IdleTimer(1_000, caller.signal);
    caller.abort();
    expect(idle.signal.aborted).toBe(true);
    expect(idle.expired).toBe(false);
    expect(new IdleTimer(1_000, AbortSignal.abort()).signal.aborted).toBe(true);
  });

  it("stop() lets the caller go and keeps the signal open; close() closes it", () => {
    const caller = new AbortController();
    const stopped = new IdleTimer(1_000, caller.signal);
    stopped.stop();
    caller.abort();
    vi.advanceTimersByTime(2_000);
    expect(stopped.signal.aborted).toBe(false);
    const closed = new IdleTimer(1_000);
    closed.close();
    expect(closed.signal.aborted).toBe(true);
    expect(closed.expired).toBe(false);
  });
});
