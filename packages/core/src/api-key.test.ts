import { describe, expect, it } from "vitest";
import { checkApiKey } from "./api-key.js";

describe("checkApiKey", () => {
  it("passes a key a request can carry, with the blanks around it as the client trims them", () => {
    for (const key of [
      "sk-abc123",
      "key with inner spaces",
      "latin-1 ÿé",
      " padded\n",
      "\tkey\r\n",
    ]) {
      expect(checkApiKey("OPENAI_API_KEY", key)).toBe(key);
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
