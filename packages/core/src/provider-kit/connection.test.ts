import { describe, expect, it } from "vitest";
import { checkApiKey, describeURL, firstSetting, parseBaseURL } from "./connection.js";

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

describe("checkApiKey", () => {
  it("passes a key a request can carry, without the blanks around it", () => {
    for (const [key, sent] of [
      ["sk-abc123", "sk-abc123"],
      ["key with inner spaces", "key with inner spaces"],
      ["latin-1 ÿé", "latin-1 ÿé"],
      [" padded\n", "padded"],
      ["\tkey\r\n", "key"],
    ]) {
      expect(checkApiKey("OPENAI_API_KEY", key as string)).toBe(sent);
    }
  });

  it("refuses a line break, a control character or a curly quote inside, never showing the key", () => {
    for (const key of [
      "secret-part\nother-part",
      "secret\u0000part",
      "“secret-part”",
      "secret\u007fpart",
    ]) {
      let message = "";
      try {
        checkApiKey("OPENAI_API_KEY", key);
      } catch (error) {
        expect(error).toMatchObject({ code: "config_invalid" });
        message = (error as Error).message;
      }
      expect(message).toMatch(/^OPENAI_API_KEY holds a line break, a control character/);
      expect(message).not.toContain("secret");
    }
  });
});
