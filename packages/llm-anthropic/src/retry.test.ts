import Anthropic from "@anthropic-ai/sdk";
import { describe, expect, it } from "vitest";
import { isRetryable, retryDelayMs } from "./retry.js";

function apiError(status: number, headers: Record<string, string> = {}) {
  return Anthropic.APIError.generate(
    status,
    { error: { message: "x" } },
    undefined,
    new Headers(headers),
  );
}

function streamError(type: string) {
  return new Anthropic.APIError(
    undefined,
    { type: "error", error: { type, message: "x" } },
    undefined,
    undefined,
  );
}

describe("retries", () => {
  it("waits what the server asks for, in milliseconds, seconds or as a date", () => {
    expect(retryDelayMs(apiError(429, { "retry-after-ms": "250" }), 0, 500)).toBe(250);
    expect(retryDelayMs(apiError(529, { "retry-after": "2" }), 0, 500)).toBe(2_000);
    const inThreeSeconds = new Date(Date.now() + 3_000).toUTCString();
    const wait = retryDelayMs(apiError(503, { "retry-after": inThreeSeconds }), 0, 500) ?? 0;
    expect(wait).toBeGreaterThan(1_000);
    expect(wait).toBeLessThanOrEqual(3_000);
  });

  it("gives up rather than hold the terminal for more than a minute", () => {
    expect(retryDelayMs(apiError(429, { "retry-after": "120" }), 0, 500)).toBeUndefined();
  });

  it("retries rate limits, overload, server errors and transient stream errors, not mistakes", () => {
    expect([408, 409, 429, 500, 529].map((status) => isRetryable(apiError(status)))).toEqual(
      Array(5).fill(true),
    );
    expect([400, 401, 403, 404, 413].map((status) => isRetryable(apiError(status)))).toEqual(
      Array(5).fill(false),
    );
    expect(isRetryable(apiError(529, { "x-should-retry": "false" }))).toBe(false);
    expect(isRetryable(streamError("overloaded_error"))).toBe(true);
    expect(isRetryable(streamError("invalid_request_error"))).toBe(false);
    const refused = Object.assign(new Error("connect ECONNREFUSED"), { code: "ECONNREFUSED" });
    expect(isRetryable(new Anthropic.APIConnectionError({ cause: refused }))).toBe(false);
    const reset = Object.assign(new Error("socket hang up"), { code: "ECONNRESET" });
    expect(isRetryable(new Anthropic.APIConnectionError({ cause: reset }))).toBe(true);
    expect(isRetryable(new Anthropic.APIUserAbortError())).toBe(false);
  });
});
