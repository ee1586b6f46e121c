import { ApiError } from "@google/genai";
import { describe, expect, it } from "vitest";
import { isRetryable, retryDelayMs } from "./retry.js";

/** As the SDK makes them: the status, and the JSON body as the message. */
function apiError(status: number, details: unknown[] = []) {
  const body = { error: { code: status, message: "x", status: "UNAVAILABLE", details } };
  return new ApiError({ status, message: JSON.stringify(body) });
}
const retryInfo = (retryDelay: string) => ({
  "@type": "type.googleapis.com/google.rpc.RetryInfo",
  retryDelay,
});

describe("retries", () => {
  it("waits what the server asks for: RetryInfo first, then retry-after in seconds or as a date", () => {
    expect(retryDelayMs(apiError(429, [retryInfo("37s")]), 0, 500, "2")).toBe(37_000);
    expect(retryDelayMs(apiError(429, [retryInfo("0.25s")]), 0, 500)).toBe(250);
    expect(retryDelayMs(apiError(503), 0, 500, "2")).toBe(2_000);
    const inThreeSeconds = new Date(Date.now() + 3_000).toUTCString();
    const wait = retryDelayMs(apiError(503), 0, 500, inThreeSeconds) ?? 0;
    expect(wait).toBeGreaterThan(1_000);
    expect(wait).toBeLessThanOrEqual(3_000);
  });

  it("gives up rather than hold the terminal for more than a minute", () => {
    expect(retryDelayMs(apiError(429, [retryInfo("3600s")]), 0, 500)).toBeUndefined();
  });

  it("retries rate limits, server errors and dropped connections, not mistakes", () => {
    expect([408, 429, 500, 502, 503, 504].map((status) => isRetryable(apiError(status)))).toEqual(
      Array(6).fill(true),
    );
    expect([400, 401, 403, 404, 409].map((status) => isRetryable(apiError(status)))).toEqual(
      Array(5).fill(false),
    );
    const dropped = (code: string) =>
      new TypeError("fetch failed", { cause: Object.assign(new Error(code), { code }) });
    expect(isRetryable(dropped("ECONNRESET"))).toBe(true);
    expect(isRetryable(dropped("ECONNREFUSED"))).toBe(false);
    expect(isRetryable(dropped("ENOTFOUND"))).toBe(false);
    expect(isRetryable(dropped("ERR_SSL_WRONG_VERSION_NUMBER"))).toBe(false);
    expect(isRetryable(new Error("something else"))).toBe(false);
  });
});
