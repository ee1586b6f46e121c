import { describe, expect, it } from "vitest";
import { createStore } from "./plugin.js";
import { settingsFromEnv } from "./settings.js";

describe("settingsFromEnv", () => {
  it("reads the prefix, the time-to-live and the timeout", () => {
    expect(settingsFromEnv({})).toEqual({});
    expect(
      settingsFromEnv({
        LANGCHAIN_MINI_REDIS_PREFIX: "myapp:chat:",
        LANGCHAIN_MINI_REDIS_TTL: "30d",
        LANGCHAIN_MINI_REDIS_TIMEOUT_MS: "2500",
      }),
    ).toEqual({ prefix: "myapp:chat:", ttlSeconds: 30 * 86_400, timeoutMs: 2_500 });
    expect(settingsFromEnv({ LANGCHAIN_MINI_REDIS_TTL: "3600" }).ttlSeconds).toBe(3_600);
    expect(settingsFromEnv({ LANGCHAIN_MINI_REDIS_TTL: "90m" }).ttlSeconds).toBe(5_400);
    expect(settingsFromEnv({ LANGCHAIN_MINI_REDIS_TTL: "12H" }).ttlSeconds).toBe(43_200);
  });

  it("explains a bad value in one line", () => {
    expect(() => settingsFromEnv({ LANGCHAIN_MINI_REDIS_TTL: "a week" })).toThrow(
      "LANGCHAIN_MINI_REDIS_TTL must be a whole number of seconds, or of minutes, hours or days such as 90m, 12h or 30d, got 'a week'",
    );
    expect(() => settingsFromEnv({ LANGCHAIN_MINI_REDIS_TTL: "0" })).toThrow(/TTL must be/);
    expect(() => settingsFromEnv({ LANGCHAIN_MINI_REDIS_PREFIX: "my app" })).toThrow(
      "LANGCHAIN_MINI_REDIS_PREFIX must be 1 to 100 printable characters without spaces, e.g. myapp:sessions:",
    );
    expect(() => settingsFromEnv({ LANGCHAIN_MINI_REDIS_TIMEOUT_MS: "5s" })).toThrow(
      /TIMEOUT_MS must be a whole number of milliseconds/,
    );
  });

  it("makes a store from a URL and the environment without connecting", async () => {
    const store = createStore({
      url: "redis://:pw@127.0.0.1:1/2",
      env: { LANGCHAIN_MINI_REDIS_PREFIX: "team:", LANGCHAIN_MINI_REDIS_TTL: "1h" },
    });
    expect(store.where).toBe("redis://127.0.0.1:1/2");
    expect(store.prefix).toBe("team:");
    expect(store.ttlSeconds).toBe(3_600);
    expect(store.turnsKey("work")).toBe("team:session:work");
    await store.close();
  });
});
