import { describe, expect, it } from "vitest";
import { checkMilliseconds, LONGEST_TIMER_MS, readMilliseconds } from "./milliseconds.js";

describe("durations", () => {
  it("refuse what a timer cannot wait, from the environment or from code, in the same words", () => {
    expect(() => readMilliseconds("X_TIMEOUT_MS", "2147483648", 5)).toThrow(
      "X_TIMEOUT_MS must be a whole number of milliseconds from 1 to 2147483647, got '2147483648'",
    );
    for (const bad of [2 ** 31, 1e300, Number.POSITIVE_INFINITY, Number.NaN, 0, -5, 1.5]) {
      expect(() => checkMilliseconds("timeoutMs", bad)).toThrow(
        `timeoutMs must be a whole number of milliseconds from 1 to 2147483647, got ${bad}`,
      );
    }
    expect(checkMilliseconds("timeoutMs", LONGEST_TIMER_MS)).toBe(LONGEST_TIMER_MS);
  });

  it("take a lower ceiling where a setting has one", () => {
    expect(readMilliseconds("X_TIMEOUT_MS", "300000", 5, 300_000)).toBe(300_000);
    expect(() => readMilliseconds("X_TIMEOUT_MS", "300001", 5, 300_000)).toThrow(
      "X_TIMEOUT_MS must be a whole number of milliseconds from 1 to 300000, got '300001'",
    );
    expect(() => checkMilliseconds("timeoutMs", 300_001, 300_000)).toThrow(
      "timeoutMs must be a whole number of milliseconds from 1 to 300000, got 300001",
    );
  });
});
