import { isLangchainMiniError } from "@langchain-mini/core";
import { describe, expect, it } from "vitest";
import { resolveSearchSettings, type SearchOptions, searchUnavailable } from "./search-settings.js";

function configError(options: SearchOptions) {
  try {
    resolveSearchSettings(options);
  } catch (error) {
    if (isLangchainMiniError(error)) return { code: error.code, message: error.message };
    throw error;
  }
  throw new Error("expected a configuration error");
}

describe("search settings", () => {
  it("is unavailable without a key, and says what to set", () => {
    const notice =
      "SERPAPI_API_KEY is not set: set it in the environment or .env to use web search";
    expect(searchUnavailable({})).toBe(notice);
    expect(searchUnavailable({ SERPAPI_API_KEY: "  " })).toBe(notice);
    expect(searchUnavailable({ SERPAPI_API_KEY: "k" })).toBeUndefined();
    expect(configError({ env: {} })).toEqual({ code: "config_invalid", message: notice });
  });

  it("prefers options to the environment", () => {
    const settings = resolveSearchSettings({
      apiKey: "option-key",
      baseURL: "http://127.0.0.1:9",
      env: { SERPAPI_API_KEY: "env-key", SERPAPI_BASE_URL: "http://127.0.0.1:8" },
    });
    expect(settings.apiKey).toBe("option-key");
    expect(settings.baseURL?.host).toBe("127.0.0.1:9");
    expect(settings).toMatchObject({ timeoutMs: 10_000, maxLength: 1_000 });
  });

  it.each([
    [
      { env: { SERPAPI_API_KEY: "k", SERPAPI_BASE_URL: "localhost-8080" } },
      "SERPAPI_BASE_URL is not a URL ('localhost-8080'): give one like http://127.0.0.1:8080, or unset it",
    ],
    [
      { apiKey: "k", baseURL: "ftp://example.com", env: {} },
      "The search baseURL must start with http:// or https:// ('ftp://example.com')",
    ],
    [
      { env: { SERPAPI_API_KEY: "k", SERPAPI_BASE_URL: "http://proxy:8080/serpapi" } },
      "SERPAPI_BASE_URL cannot have a path or query ('http://proxy:8080/serpapi'): give only the scheme, host and port, such as http://proxy:8080",
    ],
    [
      { apiKey: "k", timeoutMs: 0, env: {} },
      "The search timeoutMs must be a positive number of milliseconds, not 0",
    ],
    [
      { apiKey: "k", maxLength: 5, env: {} },
      "The search maxLength must be a whole number of characters from 20, not 5",
    ],
  ] as const)("refuses %o in one line", (options, message) => {
    expect(configError(options)).toEqual({ code: "config_invalid", message });
  });
});
