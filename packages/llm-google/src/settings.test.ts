import { describe, expect, it } from "vitest";
import { GeminiLlm } from "./gemini-llm.js";
import { availability, createLlm, environment } from "./plugin.js";
import { type GeminiOptions, resolveSettings } from "./settings.js";

const KEY = "AIzaSyTest-secret-key-1234567890abcdef";

describe("configuration", () => {
  it("reads the variables the SDK's users know, with options in code winning", () => {
    const env = {
      GEMINI_API_KEY: KEY,
      GOOGLE_GEMINI_BASE_URL: "http://localhost:8080/gemini/",
      GEMINI_MODEL: "gemini-2.5-flash",
      GOOGLE_GENAI_API_VERSION: "beta",
      GEMINI_TIMEOUT_MS: "90000",
    };
    expect(resolveSettings({ env })).toMatchObject({
      apiKey: KEY,
      keyName: "GEMINI_API_KEY",
      baseUrl: "http://localhost:8080/gemini/",
      host: "http://localhost:8080/gemini",
      model: "gemini-2.5-flash",
      apiVersion: "v1beta",
      timeoutMs: 90_000,
    });
    expect(new GeminiLlm({ env, model: "gemini-3.5-flash", timeoutMs: 5_000 })).toMatchObject({
      model: "gemini-3.5-flash",
      settings: { timeoutMs: 5_000 },
    });
  });

  it("takes GOOGLE_API_KEY over GEMINI_API_KEY, as the SDK does", () => {
    const env = { GEMINI_API_KEY: "gemini-key", GOOGLE_API_KEY: "google-key" };
    expect(resolveSettings({ env })).toMatchObject({
      apiKey: "google-key",
      keyName: "GOOGLE_API_KEY",
    });
    expect(resolveSettings({ env: { GOOGLE_API_KEY: " ", GEMINI_API_KEY: "k" } }).keyName).toBe(
      "GEMINI_API_KEY",
    );
  });

  it("defaults to Google's API, a current Flash model, a 120 s timeout and 2 retries", () => {
    expect(resolveSettings({ env: { GEMINI_API_KEY: KEY } })).toMatchObject({
      model: "gemini-3.8-flash",
      host: "generativelanguage.googleapis.com",
      apiVersion: undefined,
      timeoutMs: 120_000,
      maxRetries: 2,
      retryDelayMs: 500,
    });
  });

  it("says what to set when something is missing or wrong", () => {
    expect(() => resolveSettings({ env: {} })).toThrow(
      "GEMINI_API_KEY is not set: set it (or GOOGLE_API_KEY) in the environment or pass apiKey; keys are at https://aistudio.google.com/apikey; a compatible server may need none (set GOOGLE_GEMINI_BASE_URL or pass baseURL)",
    );
    expect(() =>
      resolveSettings({ env: { GEMINI_API_KEY: KEY, GOOGLE_GEMINI_BASE_URL: "localhost:8080" } }),
    ).toThrow(
      "GOOGLE_GEMINI_BASE_URL is not an http(s) URL: 'localhost:8080' (e.g. https://generativelanguage.googleapis.com)",
    );
    // Node's fetch gives up after five minutes of silence: a longer wait cannot be kept.
    for (const value of ["soon", "0", "1.5", "600000", "2147483648"]) {
      expect(() =>
        resolveSettings({ env: { GEMINI_API_KEY: KEY, GEMINI_TIMEOUT_MS: value } }),
      ).toThrow(
        `GEMINI_TIMEOUT_MS must be a whole number of milliseconds from 1 to 300000, got '${value}'`,
      );
    }
    expect(() => new GeminiLlm({ apiKey: KEY, timeoutMs: 2 ** 31, env: {} })).toThrow(
      "timeoutMs must be a whole number of milliseconds from 1 to 300000, got 2147483648",
    );
  });

  it("takes a base URL with or without the API version, which then picks the version", () => {
    const settings = (env: Record<string, string>, options: GeminiOptions = {}) =>
      resolveSettings({ ...options, env });
    expect(settings({ GOOGLE_GEMINI_BASE_URL: "http://localhost:8080" })).toMatchObject({
      baseURL: "http://localhost:8080/",
      apiVersion: undefined,
      keyName: undefined,
      baseURLName: "GOOGLE_GEMINI_BASE_URL",
      host: "http://localhost:8080",
    });
    for (const [path, version] of [
      ["/v1", "v1"],
      ["/v1beta/", "v1beta"],
      ["/v1alpha", "v1alpha"],
    ]) {
      expect(
        settings({ GOOGLE_GEMINI_BASE_URL: `http://localhost:8080/proxy${path}` }),
      ).toMatchObject({
        baseURL: "http://localhost:8080/proxy",
        apiVersion: version,
        host: "http://localhost:8080/proxy",
      });
    }
    expect(
      settings({ GOOGLE_GEMINI_BASE_URL: "http://h/v1beta", GOOGLE_GENAI_API_VERSION: "beta" }),
    ).toMatchObject({ apiVersion: "v1beta" });
    expect(() =>
      settings({ GOOGLE_GEMINI_BASE_URL: "http://h/v1beta", GOOGLE_GENAI_API_VERSION: "v1" }),
    ).toThrow(
      "GOOGLE_GEMINI_BASE_URL ends in /v1beta but GOOGLE_GENAI_API_VERSION asks for v1: drop one of them",
    );
    expect(() => settings({}, { baseURL: "http://h/v1", apiVersion: "v1beta" })).toThrow(
      "the baseURL option ends in /v1 but the apiVersion option asks for v1beta: drop one of them",
    );
    // Google's own API, with its version, still wants a key.
    expect(() =>
      settings({ GOOGLE_GEMINI_BASE_URL: "https://generativelanguage.googleapis.com/v1beta" }),
    ).toThrow(/^GEMINI_API_KEY is not set/);
    expect(
      settings({
        GEMINI_API_KEY: KEY,
        GOOGLE_GEMINI_BASE_URL: "https://generativelanguage.googleapis.com/v1beta",
      }),
    ).toMatchObject({
      host: "generativelanguage.googleapis.com",
      baseURLName: undefined,
      apiVersion: "v1beta",
    });
  });

  it("reads GEMINI_BASE_URL beside the other GEMINI_* settings; GOOGLE_GEMINI_BASE_URL wins", () => {
    expect(
      resolveSettings({ env: { GEMINI_BASE_URL: "http://localhost:9/v1beta" } }),
    ).toMatchObject({
      baseURL: "http://localhost:9/",
      apiVersion: "v1beta",
      baseURLName: "GEMINI_BASE_URL",
    });
    const both = { GEMINI_BASE_URL: "http://a:1", GOOGLE_GEMINI_BASE_URL: "http://b:2" };
    expect(resolveSettings({ env: both })).toMatchObject({
      baseURL: "http://b:2/",
      baseURLName: "GOOGLE_GEMINI_BASE_URL",
    });
  });

  it("takes the baseURL option, and the old baseUrl spelling", () => {
    expect(resolveSettings({ baseURL: "http://a:1", env: {} })).toMatchObject({
      baseURL: "http://a:1/",
      baseUrl: "http://a:1/",
      baseURLName: "the baseURL option",
    });
    expect(resolveSettings({ baseUrl: "http://b:2", env: {} })).toMatchObject({
      baseURL: "http://b:2/",
      baseURLName: "the baseUrl option",
    });
    expect(resolveSettings({ baseURL: "http://a:1", baseUrl: "http://b:2", env: {} }).baseURL).toBe(
      "http://a:1/",
    );
  });

  it("never shows the key in what it says", () => {
    const attempt = () =>
      resolveSettings({ env: { GEMINI_API_KEY: KEY, GOOGLE_GEMINI_BASE_URL: KEY } });
    expect(attempt).toThrow(/GOOGLE_GEMINI_BASE_URL/);
    const base = resolveSettings({
      env: {
        GEMINI_API_KEY: KEY,
        GOOGLE_GEMINI_BASE_URL: `https://user:${KEY}@proxy.example/v?key=${KEY}`,
      },
    });
    expect(base.host).toBe("https://proxy.example/v");
  });
});

describe("the plug-in contract", () => {
  it("is available with either key or another server's base URL, and says what to set without", async () => {
    expect(availability({ GEMINI_API_KEY: KEY })).toEqual({ available: true });
    expect(availability({ GOOGLE_API_KEY: KEY })).toEqual({ available: true });
    expect(availability({ GOOGLE_GEMINI_BASE_URL: "http://127.0.0.1:9" })).toEqual({
      available: true,
    });
    expect(availability({ GEMINI_BASE_URL: "http://[::1]:9/v1beta" })).toEqual({ available: true });
    const forHosts =
      "GEMINI_API_KEY is not set: set it (or GOOGLE_API_KEY) in the environment; keys are at https://aistudio.google.com/apikey; a compatible server may need none (set GOOGLE_GEMINI_BASE_URL)";
    expect(availability({ GEMINI_API_KEY: "" })).toEqual({ available: false, reason: forHosts });
    expect(
      availability({ GOOGLE_GEMINI_BASE_URL: "https://generativelanguage.googleapis.com/v1beta" }),
    ).toEqual({ available: false, reason: forHosts });
    await expect(createLlm({ model: undefined, env: {} })).rejects.toThrow(forHosts);
  });

  it("marks both keys secret, so hosts blank them out", () => {
    const secrets = environment
      .filter((variable) => variable.secret)
      .map((variable) => variable.name);
    expect(secrets).toEqual(["GEMINI_API_KEY", "GOOGLE_API_KEY"]);
    const offered = environment
      .filter((variable) => variable.enables)
      .map((variable) => variable.name);
    expect(offered).toEqual(["GEMINI_API_KEY"]);
  });

  it("takes the model from --llm over GEMINI_MODEL, and GEMINI_MODEL over the default", async () => {
    const env = { GEMINI_API_KEY: KEY, GEMINI_MODEL: "gemini-2.5-pro" };
    expect((await createLlm({ model: "gemini-3.5-flash", env })).model).toBe("gemini-3.5-flash");
    expect((await createLlm({ model: undefined, env })).model).toBe("gemini-2.5-pro");
    const plain = await createLlm({ model: "", env: { GEMINI_API_KEY: KEY } });
    expect(plain.model).toBe("gemini-3.8-flash");
    await expect(createLlm({ model: undefined, env: {} })).rejects.toThrow(
      /GEMINI_API_KEY is not set/,
    );
  });
});
