import { describe, expect, it } from "vitest";
import { checkApiKey } from "./api-key.js";

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
