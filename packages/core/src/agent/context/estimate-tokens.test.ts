import { describe, expect, it } from "vitest";
import { charactersWithin, estimateTextTokens } from "./estimate-tokens.js";

describe("estimateTextTokens", () => {
  it("reads prose at about four characters a token", () => {
    const prose = "The quick brown fox jumps over the lazy dog and runs into the forest. ".repeat(
      50,
    );
    const tokens = estimateTextTokens(prose);
    expect(tokens).toBeGreaterThan(prose.length / 5);
    expect(tokens).toBeLessThan(prose.length / 3);
  });

  it("counts digits, identifiers and CJK at what they cost, not at four characters a token", () => {
    const digits = Array.from({ length: 500 }, (_, index) => String(index * 7919)).join(", ");
    expect(estimateTextTokens(digits)).toBeGreaterThan(digits.length / 2.5);
    const cjk = "日本語のテキスト".repeat(100);
    expect(estimateTextTokens(cjk)).toBe(cjk.length);
    expect(estimateTextTokens("aBcDeFgH")).toBeGreaterThan(estimateTextTokens("abcdefgh"));
  });

  it("never counts more than a token a character, and reads any text to its end", () => {
    const hostile = "\u0000\u0007\u007f\u001b[31m{}[]()<>\ud83d\ude00 \t\r\n  9".repeat(200);
    expect(estimateTextTokens(hostile)).toBeLessThanOrEqual(hostile.length);
    expect(estimateTextTokens("")).toBe(0);
    expect(estimateTextTokens(" ".repeat(10_000))).toBeLessThan(1_000);
  });
});

describe("charactersWithin", () => {
  it("finds how much of a text fits in a number of tokens, from either end", () => {
    const text = "word ".repeat(10_000);
    const head = charactersWithin(text, 500);
    expect(estimateTextTokens(text.slice(0, head))).toBeLessThanOrEqual(500);
    expect(head).toBeGreaterThan(1_500);
    const digits = "1234567890".repeat(1_000);
    const tail = charactersWithin(digits, 300, true);
    expect(estimateTextTokens(digits.slice(digits.length - tail))).toBeLessThanOrEqual(300);
    expect(charactersWithin("short", 1_000)).toBe(5);
  });
});
