import { describe, expect, it } from "vitest";
import { sdkRetryPolicy } from "./sdk-retry.js";

// The shapes an SDK generated like OpenAI's and Anthropic's gives its errors.
class APIError extends Error {
  constructor(
    readonly status: number | undefined,
    readonly headers: Headers | undefined = undefined,
    readonly type: string | undefined = undefined,
  ) {
    super("failed");
  }
}
class APIUserAbortError extends APIError {}
class APIConnectionTimeoutError extends APIError {}
class APIConnectionError extends APIError {
  constructor(code: string) {
    super(undefined);
    this.cause = Object.assign(new Error(code), { code });
  }
}
const errors = { APIError, APIUserAbortError, APIConnectionTimeoutError, APIConnectionError };

describe("sdkRetryPolicy", () => {
  const { isRetryable, retryDelayMs } = sdkRetryPolicy(errors);

  it("retries rate limits, server errors and dropped connections, as the server advises", () => {
    expect([408, 409, 429, 500, 503].map((status) => isRetryable(new APIError(status)))).toEqual(
      Array(5).fill(true),
    );
    expect([400, 401, 404].map((status) => isRetryable(new APIError(status)))).toEqual(
      Array(3).fill(false),
    );
    const advice = (value: string) => new Headers({ "x-should-retry": value });
    expect(isRetryable(new APIError(503, advice("false")))).toBe(false);
    expect(isRetryable(new APIError(400, advice("true")))).toBe(true);
    expect(isRetryable(new APIConnectionError("ECONNRESET"))).toBe(true);
  });

  it("reports at once what would fail the same way again", () => {
    expect(isRetryable(new APIConnectionError("ECONNREFUSED"))).toBe(false);
    expect(isRetryable(new APIConnectionError("ENOTFOUND"))).toBe(false);
    expect(isRetryable(new APIUserAbortError(undefined))).toBe(false);
    expect(isRetryable(new APIConnectionTimeoutError(undefined))).toBe(false);
    expect(isRetryable(new Error("not the SDK's"))).toBe(false);
  });

  it("retries an error event without a status only for the transient types given", () => {
    const overloaded = new APIError(undefined, undefined, "overloaded_error");
    expect(isRetryable(overloaded)).toBe(false);
    const withTypes = sdkRetryPolicy(errors, { transientTypes: new Set(["overloaded_error"]) });
    expect(withTypes.isRetryable(overloaded)).toBe(true);
    expect(withTypes.isRetryable(new APIError(undefined, undefined, "invalid_request"))).toBe(
      false,
    );
  });

  it("waits what the server asks for, and gives up when it asks for too long", () => {
    const asking = (headers: Record<string, string>) => new APIError(429, new Headers(headers));
    expect(retryDelayMs(asking({ "retry-after-ms": "250" }), 0, 500)).toBe(250);
    expect(retryDelayMs(asking({ "retry-after": "2" }), 0, 500)).toBe(2_000);
    expect(retryDelayMs(asking({ "retry-after": "120" }), 0, 500)).toBeUndefined();
    const backoff = retryDelayMs(new Error("not the SDK's"), 1, 500) ?? 0;
    expect(backoff).toBeGreaterThan(700);
    expect(backoff).toBeLessThanOrEqual(1_000);
  });
});
