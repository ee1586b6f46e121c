import { modelPriceProblem, priceFor } from "@langchain-mini/core";
import { describe, expect, it } from "vitest";
import { GeminiLlm } from "./gemini-llm.js";
import { contextWindows, prices } from "./prices.js";
import { DEFAULT_MODEL } from "./settings.js";

describe("prices", () => {
  it("prices the default model, every entry well-formed and dated", () => {
    expect(Object.keys(prices)).toContain(DEFAULT_MODEL);
    for (const [model, price] of Object.entries(prices)) {
      expect({ model, problem: modelPriceProblem(price) }).toEqual({ model, problem: undefined });
      expect(price.checked).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    }
  });

  it("holds the promotional Flash price through its last day only", () => {
    expect(priceFor(prices, "gemini-3.8-flash", new Date("2026-12-31T12:00:00Z"))).toMatchObject({
      input: 0.75,
      cachedInput: 0.075,
      output: 3.75,
    });
    expect(priceFor(prices, "gemini-3.8-flash", new Date("2027-01-01T00:00:00Z"))).toBeUndefined();
  });

  it("carries its model's price as of today, or none for a model it does not know", () => {
    const env = { GEMINI_API_KEY: "AIza-test" };
    expect(new GeminiLlm({ model: DEFAULT_MODEL, env }).price).toBe(
      priceFor(prices, DEFAULT_MODEL),
    );
    expect(new GeminiLlm({ model: "gemini-next", env }).price).toBeUndefined();
  });

  it("knows the default model's window, which holds after its price's last day", () => {
    const env = { GEMINI_API_KEY: "AIza-test" };
    expect(Object.keys(contextWindows)).toEqual(Object.keys(prices));
    expect(new GeminiLlm({ model: DEFAULT_MODEL, env }).contextWindow).toBe(1_048_576);
    expect(new GeminiLlm({ model: "gemini-next", env }).contextWindow).toBeUndefined();
  });
});
