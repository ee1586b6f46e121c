import { describe, expect, it } from "vitest";
import { countTokens, FakePromptCache } from "./prompt-cache.js";

const text = (value: string, marked = false) => ({
  type: "text",
  text: value,
  ...(marked ? { cache_control: { type: "ephemeral" } } : {}),
});
const request = (...blocks: object[]) => ({ messages: [{ role: "user", content: blocks }] });
const A = "a".repeat(400);
const B = "b".repeat(200);

describe("the fake's prompt cache, as Anthropic documents it", () => {
  it("writes a marked prefix, then reads it at a block boundary of a longer request", () => {
    const cache = new FakePromptCache(0);
    expect(cache.account(request(text(A, true)))).toEqual({
      input_tokens: 0,
      cache_read_input_tokens: 0,
      cache_creation_input_tokens: countTokens(A),
    });
    expect(cache.account(request(text(A), text(B, true)))).toEqual({
      input_tokens: 0,
      cache_read_input_tokens: countTokens(A),
      cache_creation_input_tokens: countTokens(B),
    });
  });

  it("misses when the prefix is not on a block boundary, or differs", () => {
    const cache = new FakePromptCache(0);
    cache.account(request(text(A, true)));
    expect(cache.account(request(text(A + B, true))).cache_read_input_tokens).toBe(0);
    expect(
      cache.account(request(text(`x${A.slice(1)}`), text(B, true))).cache_read_input_tokens,
    ).toBe(0);
  });

  it("caches nothing shorter than the minimum, and nothing without a breakpoint", () => {
    const cache = new FakePromptCache(1024);
    expect(cache.account(request(text(A, true)))).toEqual({
      input_tokens: countTokens(A),
      cache_read_input_tokens: 0,
      cache_creation_input_tokens: 0,
    });
    const unmarked = new FakePromptCache(0);
    unmarked.account(request(text(A)));
    expect(unmarked.account(request(text(A), text(B, true))).cache_read_input_tokens).toBe(0);
  });

  it("looks back at most 20 blocks from a breakpoint", () => {
    const cache = new FakePromptCache(0);
    cache.account(request(text(A, true)));
    const many = Array.from({ length: 20 }, (_, index) => text(`block ${index}`));
    expect(
      cache.account(request(text(A), ...many.slice(0, 18), text("end", true)))
        .cache_read_input_tokens,
    ).toBe(countTokens(A));
    expect(
      cache.account(request(text(A), ...many, text("end", true))).cache_read_input_tokens,
    ).toBe(0);
  });
});
