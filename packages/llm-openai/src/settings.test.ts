import { describe, expect, it } from "vitest";
import { OpenAiLlm } from "./openai-llm.js";
import { availability, createLlm } from "./plugin.js";
import { MISSING_KEY, MISSING_KEY_VARIABLE, resolveSettings } from "./settings.js";

const KEY = "sk-test-secret-key-1234567890";

describe("configuration", () => {
  it("reads OPENAI_* from the environment, with options in code winning", () => {
    const env = {
      OPENAI_API_KEY: KEY,
      OPENAI_BASE_URL: "http://localhost:11434/v1/",
      OPENAI_MODEL: "llama3.2",
      OPENAI_TIMEOUT_MS: "120000",
    };
    expect(resolveSettings({ env })).toMatchObject({
      apiKey: KEY,
      model: "llama3.2",
      timeoutMs: 120_000,
      host: "http://localhost:11434/v1",
    });
    expect(new OpenAiLlm({ env, model: "qwen3", timeoutMs: 5_000 })).toMatchObject({
      model: "qwen3",
      settings: { timeoutMs: 5_000 },
    });
    expect(resolveSettings({ env, baseURL: "http://localhost:1234/v1" }).host).toBe(
      "http://localhost:1234/v1",
    );
  });

  it("defaults to OpenAI's API and a model that honours stop, with a 60 s timeout and 2 retries", () => {
    expect(resolveSettings({ env: { OPENAI_API_KEY: KEY } })).toMatchObject({
      model: "gpt-4.1-mini",
      host: "api.openai.com",
      timeoutMs: 60_000,
      maxRetries: 2,
      retryDelayMs: 500,
      logLevel: "off",
    });
  });

  it("needs no key for another server than OpenAI's, and does for OpenAI's own", () => {
    const settings = resolveSettings({ env: { OPENAI_BASE_URL: "http://localhost:11434/v1" } });
    expect(settings).toMatchObject({
      host: "http://localhost:11434/v1",
      keyName: undefined,
      baseURLName: "OPENAI_BASE_URL",
    });
    expect(() =>
      resolveSettings({ env: { OPENAI_BASE_URL: "https://api.openai.com/v1" } }),
    ).toThrow(MISSING_KEY);
    expect(availability({ OPENAI_BASE_URL: "http://[::1]:8080" })).toEqual({ available: true });
    expect(availability({ OPENAI_BASE_URL: "https://api.openai.com/v1" })).toEqual({
      available: false,
      reason: MISSING_KEY_VARIABLE,
    });
    expect(availability({ OPENAI_API_KEY: " ", OPENAI_BASE_URL: "" }).available).toBe(false);
  });

  it("gives a bare host the API's /v1 and keeps any other path as given", () => {
    const baseURL = (value: string) => resolveSettings({ env: { OPENAI_BASE_URL: value } }).baseURL;
    expect(baseURL("http://localhost:11434")).toBe("http://localhost:11434/v1");
    expect(baseURL("http://localhost:11434/")).toBe("http://localhost:11434/v1");
    expect(baseURL("http://localhost:11434/v1")).toBe("http://localhost:11434/v1");
    expect(baseURL("https://openrouter.ai/api/v1")).toBe("https://openrouter.ai/api/v1");
    expect(baseURL("http://gateway:8080/openai")).toBe("http://gateway:8080/openai");
    expect(baseURL("http://[::1]:8080?tenant=a")).toBe("http://[::1]:8080/v1?tenant=a");
    expect(resolveSettings({ env: { OPENAI_API_KEY: KEY } }).baseURL).toBe(
      "https://api.openai.com/v1",
    );
  });

  it("passes OPENAI_LOG to the SDK only when it names a level", () => {
    expect(resolveSettings({ env: { OPENAI_API_KEY: KEY, OPENAI_LOG: "debug" } }).logLevel).toBe(
      "debug",
    );
    expect(resolveSettings({ env: { OPENAI_API_KEY: KEY, OPENAI_LOG: "loud" } }).logLevel).toBe(
      "off",
    );
  });

  it("says what to set when something is missing or wrong: to code, options; to hosts, variables", async () => {
    expect(() => resolveSettings({ env: {} })).toThrow(
      "OPENAI_API_KEY is not set: set the environment variable or pass apiKey; a local server such as Ollama needs none (set OPENAI_BASE_URL or pass baseURL)",
    );
    const forHosts =
      "OPENAI_API_KEY is not set: set it in the environment, or set OPENAI_BASE_URL for a local server such as Ollama, which needs none";
    expect(availability({})).toEqual({ available: false, reason: forHosts });
    await expect(createLlm({ model: undefined, env: {} })).rejects.toThrow(forHosts);
    expect(() => resolveSettings({ env: { OPENAI_BASE_URL: "localhost:11434" } })).toThrow(
      "OPENAI_BASE_URL is not an http(s) URL: 'localhost:11434' (e.g. http://localhost:11434/v1)",
    );
    expect(() =>
      resolveSettings({ env: { OPENAI_API_KEY: KEY, OPENAI_TIMEOUT_MS: "soon" } }),
    ).toThrow(
      "OPENAI_TIMEOUT_MS must be a whole number of milliseconds from 1 to 300000, got 'soon'",
    );
    // Past what a timer can wait, every call would time out at once.
    expect(() =>
      resolveSettings({ env: { OPENAI_API_KEY: KEY, OPENAI_TIMEOUT_MS: "2147483648" } }),
    ).toThrow("OPENAI_TIMEOUT_MS must be a whole number of milliseconds from 1 to 300000");
    // Node's fetch, which the SDK uses, gives up after five minutes of silence: a longer
    // wait would be cut short without a word, so it is refused in one line.
    expect(() =>
      resolveSettings({ env: { OPENAI_API_KEY: KEY, OPENAI_TIMEOUT_MS: "600000" } }),
    ).toThrow(
      `OPENAI_TIMEOUT_MS must be a whole number of milliseconds from 1 to 300000, got '600000'`,
    );
    expect(
      resolveSettings({ env: { OPENAI_API_KEY: KEY, OPENAI_TIMEOUT_MS: "300000" } }).timeoutMs,
    ).toBe(300_000);
    expect(() => new OpenAiLlm({ apiKey: KEY, timeoutMs: 2 ** 31, env: {} })).toThrow(
      "timeoutMs must be a whole number of milliseconds from 1 to 300000, got 2147483648",
    );
  });

  it("never shows the key when the base URL is wrong", () => {
    const attempt = () =>
      resolveSettings({ env: { OPENAI_API_KEY: KEY, OPENAI_BASE_URL: "nope" } });
    expect(attempt).toThrow(/OPENAI_BASE_URL/);
    expect(attempt).not.toThrow(new RegExp(KEY));
  });
});
