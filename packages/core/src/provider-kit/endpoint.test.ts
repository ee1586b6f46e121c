import { describe, expect, it } from "vitest";
import { describeURL, firstSetting, parseBaseURL } from "./endpoint.js";

describe("endpoints", () => {
  it("takes http(s) base URLs, and names the setting for anything else", () => {
    expect(parseBaseURL("X_BASE_URL", "http://127.0.0.1:8080/v1", "e").pathname).toBe("/v1");
    expect(() => parseBaseURL("X_BASE_URL", "localhost:8080", "http://localhost:8080")).toThrow(
      "X_BASE_URL is not an http(s) URL: 'localhost:8080' (e.g. http://localhost:8080)",
    );
    expect(() => parseBaseURL("X_BASE_URL", "ftp://user:secret@host/x", "e")).toThrow(
      "X_BASE_URL is not an http(s) URL: 'ftp://host/x' (e.g. e)",
    );
  });

  it("describes a URL without its credentials, query or trailing slash", () => {
    const url = new URL("https://user:secret@proxy.example:8443/api/v1/?key=secret");
    expect(describeURL(url)).toBe("https://proxy.example:8443/api/v1");
    expect(describeURL(new URL("http://127.0.0.1:9"))).toBe("http://127.0.0.1:9");
  });

  it("takes the first setting that holds something, blanks counting as unset", () => {
    expect(
      firstSetting([
        ["the apiKey option", undefined],
        ["GOOGLE_API_KEY", "  "],
        ["GEMINI_API_KEY", " key\n"],
      ]),
    ).toEqual({ name: "GEMINI_API_KEY", value: "key" });
    expect(firstSetting([["A", ""]])).toBeUndefined();
  });
});
