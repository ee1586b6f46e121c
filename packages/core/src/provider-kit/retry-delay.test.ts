import { describe, expect, it } from "vitest";
import {
  afterRetries,
  askedWaitMs,
  LONGEST_RETRY_WAIT_MS,
  retryAfterMs,
  retryDelay,
  wait,
} from "./retry-delay.js";

describe("retry delays", () => {
  it("reads what the server asks for, in milliseconds, seconds or as an HTTP date", () => {
    expect(askedWaitMs(new Headers({ "retry-after-ms": "250", "retry-after": "9" }))).toBe(250);
    expect(askedWaitMs(new Headers({ "retry-after": "2" }))).toBe(2_000);
    const inThreeSeconds = new Date(Date.now() + 3_000).toUTCString();
    const asked = retryAfterMs(inThreeSeconds) ?? 0;
    expect(asked).toBeGreaterThan(1_000);
    expect(asked).toBeLessThanOrEqual(3_000);
    expect(retryAfterMs(new Date(Date.now() - 60_000).toUTCString())).toBe(0);
  });

  it("ignores what it cannot read", () => {
    expect(askedWaitMs(undefined)).toBeUndefined();
    expect(askedWaitMs(new Headers({ "retry-after-ms": "-5", "retry-after": "soon" }))).toBe(
      undefined,
    );
  });

  it("waits what was asked, but gives up rather than hold the terminal over a minute", () => {
    expect(retryDelay(2_000, 0, 500)).toBe(2_000);
    expect(retryDelay(120_000, 0, 500)).toBeUndefined();
  });

  it("never hands a timer a wait past its reach, whatever a server asks: it gives up instead", () => {
    // A server's header is no setting: too long a wait is the failure, not a config error.
    for (const header of [
      { "retry-after": "99999999999" },
      { "retry-after-ms": "2147483648" },
      { "retry-after-ms": "1e308" },
    ]) {
      const asked = askedWaitMs(new Headers(header));
      expect(asked).toBeGreaterThan(LONGEST_RETRY_WAIT_MS);
      expect(retryDelay(asked, 0, 500)).toBeUndefined();
    }
    expect(retryDelay(LONGEST_RETRY_WAIT_MS, 0, 500)).toBe(LONGEST_RETRY_WAIT_MS);
  });

  it("otherwise backs off exponentially from the base delay, with jitter, up to 8 s", () => {
    for (const [retry, ceiling] of [
      [0, 500],
      [1, 1_000],
      [2, 2_000],
      [6, 8_000],
    ] as const) {
      const delay = retryDelay(undefined, retry, 500) ?? 0;
      expect(delay).toBeGreaterThanOrEqual(ceiling * 0.75);
      expect(delay).toBeLessThanOrEqual(ceiling);
    }
  });

  it("stops waiting as soon as the signal aborts", async () => {
    const controller = new AbortController();
    const waiting = wait(60_000, controller.signal);
    controller.abort();
    await expect(waiting).rejects.toThrow();
  });

  it("says how many retries a failure came after", () => {
    expect(afterRetries(0)).toBe("");
    expect(afterRetries(1)).toBe(" after 1 retry");
    expect(afterRetries(3)).toBe(" after 3 retries");
  });
});
