import { describe, expect, it } from "vitest";
import { boundResult, clearedResult } from "./bounded-result.js";
import { estimateTextTokens } from "./estimate-tokens.js";

const hint = (id: string, offset: number) => `read ${id} at ${offset}`;
const lines = (count: number) =>
  Array.from({ length: count }, (_, index) => `line ${index}: some text of the page`).join("\n");

describe("boundResult", () => {
  it("leaves a result that fits as it is", () => {
    expect(boundResult("42", "3", 100, hint)).toBe("42");
    const page = lines(100);
    expect(boundResult(page, "3", estimateTextTokens(page), hint)).toBe(page);
  });

  it("shows the beginning and the end of a long result, and says what was left out and where to read on", () => {
    const page = lines(20_000);
    const shown = boundResult(page, "7", 2_000, hint);
    expect(estimateTextTokens(shown)).toBeLessThanOrEqual(2_000);
    expect(shown.startsWith("line 0: some text")).toBe(true);
    expect(shown.endsWith("line 19999: some text of the page")).toBe(true);
    const marker =
      /\n\[… ([\d,]+) of ([\d,]+) characters left out here\. To read them: read 7 at (\d+)\]\n/.exec(
        shown,
      );
    expect(marker).not.toBeNull();
    const [, left, total, offset] = marker ?? [];
    expect(Number(total?.replaceAll(",", ""))).toBe(page.length);
    const head = shown.slice(0, marker?.index);
    const tail = shown.slice((marker?.index ?? 0) + (marker?.[0].length ?? 0));
    // The head ends at a line's end, and reading on from the offset continues it exactly.
    expect(Number(offset)).toBe(head.length + 1);
    expect(page.slice(0, Number(offset))).toBe(`${head}\n`);
    expect(page.endsWith(tail)).toBe(true);
    expect(Number(left?.replaceAll(",", ""))).toBe(page.length - Number(offset) - tail.length);
    // Two thirds for the beginning.
    expect(head.length).toBeGreaterThan(tail.length);
  });

  it("never cuts a character in two", () => {
    const emoji = "😀".repeat(20_000);
    const shown = boundResult(emoji, "1", 500, hint);
    expect(shown).not.toMatch(
      /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/,
    );
  });
});

describe("clearedResult", () => {
  it("says how long the result was and how to read it again", () => {
    expect(clearedResult("x".repeat(48_213), "4.2", hint)).toBe(
      "[Result 4.2 (48,213 characters) was cleared to save room. To read it again: read 4.2 at 0]",
    );
  });
});
