import { describe, expect, it } from "vitest";
import { readServerText, readTokenCount, ServerDataError } from "./server-data.js";

describe("a server's reply fields", () => {
  it("takes token counts, and absent ones as unknown", () => {
    expect(readTokenCount(12, "usage.prompt_tokens")).toBe(12);
    expect(readTokenCount(0, "usage.prompt_tokens")).toBe(0);
    expect(readTokenCount(undefined, "usage.prompt_tokens")).toBeUndefined();
    expect(readTokenCount(null, "usage.prompt_tokens")).toBeUndefined();
  });

  it("refuses what is not a count, naming the field and never the value", () => {
    for (const bad of [-1, Number.NaN, Number.POSITIVE_INFINITY, "12", { n: 1 }, true]) {
      let thrown: unknown;
      try {
        readTokenCount(bad, "usage.prompt_tokens");
      } catch (error) {
        thrown = error;
      }
      expect(thrown).toBeInstanceOf(ServerDataError);
      expect((thrown as ServerDataError).detail).toBe("usage.prompt_tokens is not a token count");
    }
  });

  it("takes text, and refuses anything else", () => {
    expect(readServerText("hi", "delta.content")).toBe("hi");
    expect(readServerText("", "delta.content")).toBe("");
    expect(readServerText(null, "delta.content")).toBeUndefined();
    expect(() => readServerText(42, "delta.content")).toThrow(ServerDataError);
    expect(() => readServerText(["a"], "delta.content")).toThrow("delta.content is not text");
  });
});
