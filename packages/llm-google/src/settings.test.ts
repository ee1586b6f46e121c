import { describe, expect, it } from "vitest";
import { GeminiLlm } from "./gemini-llm.js";
import { availability, createLlm, environment } from "./plugin.js";
import { resolveSettings } from "./settings.js";

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
      "GEMINI_API_KEY is not set: set it (or GOOGLE_API_KEY) in the environment or .env; keys are at https://aistudio.google.com/apikey",
    );
    expect(() =>
      resolveSettings({ env: { GEMINI_API_KEY: KEY, GOOGLE_GEMINI_BASE_URL: "localhost:8080" } }),
    ).toThrow(
      "GOOGLE_GEMINI_BASE_URL is not an http(s) URL: 'localhost:8080' (e.g. https://generativelanguage.googleapis.com)",
    );
    for (const value of ["soon", "0", "600000"]) {
      expect(() =>
        resolveSettings({ env: { GEMINI_API_KEY: KEY, GEMINI_TIMEOUT_MS: value } }),
      ).toThrow(
        `GEMINI_TIMEOUT_MS must be a number of milliseconds from 1 to 300000, got '${value}'`,
      );
    }
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
  it("is available with either key, and says what to set without one", () => {
    expect(availability({ GEMINI_API_KEY: KEY })).toEqual({ available: true });
    expect(availability({ GOOGLE_API_KEY: KEY })).toEqual({ available: true });
    expect(availability({ GEMINI_API_KEY: "" })).toEqual({
      available: false,
      reason: expect.stringMatching(/^GEMINI_API_KEY is not set/),
    });
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
