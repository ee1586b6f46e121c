import { describe, expect, it } from "vitest";
import { AnthropicLlm } from "./anthropic-llm.js";
import { availability, createLlm, defaultModel, environment } from "./plugin.js";
import { resolveSettings } from "./settings.js";

const KEY = "sk-ant-test-secret-key-1234567890";

describe("configuration", () => {
  it("reads ANTHROPIC_* from the environment, with options in code winning", () => {
    const env = {
      ANTHROPIC_API_KEY: KEY,
      ANTHROPIC_BASE_URL: "http://localhost:4000/",
      ANTHROPIC_MODEL: "claude-sonnet-5-5",
      ANTHROPIC_TIMEOUT_MS: "120000",
    };
    expect(resolveSettings({ env })).toMatchObject({
      apiKey: KEY,
      baseURL: "http://localhost:4000/",
      model: "claude-sonnet-5-5",
      timeoutMs: 120_000,
      host: "http://localhost:4000",
    });
    expect(new AnthropicLlm({ env, model: "claude-opus-5-5", timeoutMs: 5_000 })).toMatchObject({
      model: "claude-opus-5-5",
      settings: { timeoutMs: 5_000 },
    });
  });

  it("takes the model from --llm anthropic:<model> over ANTHROPIC_MODEL", async () => {
    const env = { ANTHROPIC_API_KEY: KEY, ANTHROPIC_MODEL: "claude-sonnet-5-5" };
    expect((await createLlm({ model: "claude-opus-5-5", env })).model).toBe("claude-opus-5-5");
    expect((await createLlm({ model: undefined, env })).model).toBe("claude-sonnet-5-5");
    expect((await createLlm({ model: "", env: { ANTHROPIC_API_KEY: KEY } })).model).toBe(
      defaultModel,
    );
  });

  it("defaults to Anthropic's API and Claude Haiku 5.5, with a 60 s timeout and 2 retries", () => {
    expect(resolveSettings({ env: { ANTHROPIC_API_KEY: KEY } })).toMatchObject({
      model: "claude-haiku-5-5",
      baseURL: "https://api.anthropic.com",
      host: "api.anthropic.com",
      timeoutMs: 60_000,
      maxRetries: 2,
      retryDelayMs: 500,
      maxTokens: 8192,
      promptCaching: true,
      logLevel: "off",
    });
  });

  it("passes ANTHROPIC_LOG to the SDK only when it names a level", () => {
    const level = (value: string) =>
      resolveSettings({ env: { ANTHROPIC_API_KEY: KEY, ANTHROPIC_LOG: value } }).logLevel;
    expect([level("debug"), level("loud")]).toEqual(["debug", "off"]);
  });

  it("says what to set when the key is missing, before the SDK looks for other credentials", async () => {
    expect(() => resolveSettings({ env: {} })).toThrow(
      "ANTHROPIC_API_KEY is not set: set the environment variable or pass apiKey (create a key at console.anthropic.com); a compatible server may need none (set ANTHROPIC_BASE_URL or pass baseURL)",
    );
    // Hosts configure plug-ins through the environment alone.
    const forHosts =
      "ANTHROPIC_API_KEY is not set: set it in the environment (create a key at console.anthropic.com), or set ANTHROPIC_BASE_URL for a compatible server that needs none";
    await expect(createLlm({ model: undefined, env: {} })).rejects.toThrow(forHosts);
    expect(availability({})).toEqual({ available: false, reason: forHosts });
    expect(availability({ ANTHROPIC_API_KEY: KEY })).toEqual({ available: true });
    expect(availability({ ANTHROPIC_BASE_URL: "http://localhost:4000" })).toEqual({
      available: true,
    });
    // Anthropic's own API always wants a key.
    expect(availability({ ANTHROPIC_BASE_URL: "https://api.anthropic.com/v1" }).available).toBe(
      false,
    );
    expect(() =>
      resolveSettings({ env: { ANTHROPIC_BASE_URL: "https://api.anthropic.com" } }),
    ).toThrow(/^ANTHROPIC_API_KEY is not set/);
  });

  it("takes a base URL with or without the API's /v1, keeping any other path", () => {
    const settings = (value: string) => resolveSettings({ env: { ANTHROPIC_BASE_URL: value } });
    for (const value of [
      "http://localhost:4000",
      "http://localhost:4000/",
      "http://localhost:4000/v1",
      "http://localhost:4000/v1/",
    ]) {
      expect(settings(value), value).toMatchObject({
        baseURL: "http://localhost:4000/",
        host: "http://localhost:4000",
        keyName: undefined,
        baseURLName: "ANTHROPIC_BASE_URL",
      });
    }
    expect(settings("https://gateway.example/anthropic/v1").baseURL).toBe(
      "https://gateway.example/anthropic",
    );
    expect(settings("https://gateway.example/v1beta").baseURL).toBe(
      "https://gateway.example/v1beta",
    );
  });

  it("says what is wrong with a base URL or a timeout, never showing the key", () => {
    const attempt = () =>
      resolveSettings({ env: { ANTHROPIC_API_KEY: KEY, ANTHROPIC_BASE_URL: "localhost:4000" } });
    expect(attempt).toThrow(
      "ANTHROPIC_BASE_URL is not an http(s) URL: 'localhost:4000' (e.g. https://api.anthropic.com)",
    );
    expect(attempt).not.toThrow(new RegExp(KEY));
    expect(() =>
      resolveSettings({ env: { ANTHROPIC_API_KEY: KEY, ANTHROPIC_TIMEOUT_MS: "soon" } }),
    ).toThrow(
      "ANTHROPIC_TIMEOUT_MS must be a whole number of milliseconds from 1 to 300000, got 'soon'",
    );
    expect(() =>
      resolveSettings({ env: { ANTHROPIC_API_KEY: KEY, ANTHROPIC_TIMEOUT_MS: "99999999999" } }),
    ).toThrow("ANTHROPIC_TIMEOUT_MS must be a whole number of milliseconds from 1 to 300000");
    // Node's fetch, which the SDK uses, gives up after five minutes of silence: a longer
    // wait would be cut short without a word, so it is refused in one line.
    expect(() =>
      resolveSettings({ env: { ANTHROPIC_API_KEY: KEY, ANTHROPIC_TIMEOUT_MS: "600000" } }),
    ).toThrow(
      `ANTHROPIC_TIMEOUT_MS must be a whole number of milliseconds from 1 to 300000, got '600000'`,
    );
    expect(
      resolveSettings({ env: { ANTHROPIC_API_KEY: KEY, ANTHROPIC_TIMEOUT_MS: "300000" } })
        .timeoutMs,
    ).toBe(300_000);
    expect(() => new AnthropicLlm({ apiKey: KEY, timeoutMs: 3e9, env: {} })).toThrow(
      "timeoutMs must be a whole number of milliseconds from 1 to 300000, got 3000000000",
    );
  });

  it("tells hosts which variables it reads, the key marked secret and enough to set alone", () => {
    const flags = environment.map((variable) => [
      variable.name,
      variable.secret ?? false,
      variable.enables ?? false,
    ]);
    expect(flags).toEqual([
      ["ANTHROPIC_API_KEY", true, true],
      ["ANTHROPIC_BASE_URL", false, false],
      ["ANTHROPIC_MODEL", false, false],
      ["ANTHROPIC_TIMEOUT_MS", false, false],
      ["ANTHROPIC_LOG", false, false],
    ]);
  });
});
