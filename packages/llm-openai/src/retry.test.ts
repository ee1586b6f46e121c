import OpenAI from "openai";
import { describe, expect, it } from "vitest";
import { isRetryable, retryDelayMs } from "./retry.js";

function apiError(status: number, headers: Record<string, string> = {}) {
  return OpenAI.APIError.generate(status, { message: "x" }, undefined, new Headers(headers));
}

describe("retries", () => {
  it("waits what the server asks for, in milliseconds, seconds or as a date", () => {
    expect(retryDelayMs(apiError(429, { "retry-after-ms": "250" }), 0, 500)).toBe(250);
    expect(retryDelayMs(apiError(429, { "retry-after": "2" }), 0, 500)).toBe(2_000);
    const inThreeSeconds = new Date(Date.now() + 3_000).toUTCString();
    const wait = retryDelayMs(apiError(503, { "retry-after": inThreeSeconds }), 0, 500) ?? 0;
    expect(wait).toBeGreaterThan(1_000);
    expect(wait).toBeLessThanOrEqual(3_000);
  });

  it("gives up rather than hold the terminal for more than a minute", () => {
    expect(retryDelayMs(apiError(429, { "retry-after": "120" }), 0, 500)).toBeUndefined();
  });

  it("retries rate limits, server errors and dropped connections, not mistakes", () => {
    expect([408, 409, 429, 500, 502, 503].map((status) => isRetryable(apiError(status)))).toEqual(
      Array(6).fill(true),
    );
    expect([400, 401, 403, 404, 422].map((status) => isRetryable(apiError(status)))).toEqual(
      Array(5).fill(false),
    );
    expect(isRetryable(apiError(500, { "x-should-retry": "false" }))).toBe(false);
    expect(isRetryable(apiError(400, { "x-should-retry": "true" }))).toBe(true);
    const reset = Object.assign(new Error("socket hang up"), { code: "ECONNRESET" });
    expect(isRetryable(new OpenAI.APIConnectionError({ cause: reset }))).toBe(true);
    const refused = Object.assign(new Error("connect ECONNREFUSED"), { code: "ECONNREFUSED" });
    expect(isRetryable(new OpenAI.APIConnectionError({ cause: refused }))).toBe(false);
    expect(isRetryable(new OpenAI.APIUserAbortError())).toBe(false);
  });
});
