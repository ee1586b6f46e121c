import { costOf, generate, modelPriceProblem } from "@langchain-mini/core";
import { describe, expect, it } from "vitest";
import { OpenAiLlm } from "./openai-llm.js";
import { contextWindows, prices } from "./prices.js";
import { DEFAULT_MODEL } from "./settings.js";
import { llmFor } from "./test-support/fake-llm.js";

describe("prices", () => {
  it("prices the default model, every entry well-formed and dated", () => {
    expect(Object.keys(prices)).toContain(DEFAULT_MODEL);
    for (const [model, price] of Object.entries(prices)) {
      expect({ model, problem: modelPriceProblem(price) }).toEqual({ model, problem: undefined });
      expect(price.checked).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    }
  });

  it("carries its model's price, or none for a model it does not know", () => {
    const env = { OPENAI_API_KEY: "sk-test" };
    expect(new OpenAiLlm({ model: "gpt-4.1-mini", env }).price).toBe(prices["gpt-4.1-mini"]);
    expect(new OpenAiLlm({ model: "llama3.2", env }).price).toBeUndefined();
    expect(new OpenAiLlm({ model: "constructor", env }).price).toBeUndefined();
  });

  it("reads the cache hits OpenAI reports, which the cached-input rate prices", async () => {
    const { llm } = await llmFor([{ text: "Final Answer: 5", cachedTokens: 3 }], {
      model: "gpt-4.1-mini",
    });
    const response = await generate(llm, { prompt: "Question: 25^(1/2)?\nThought:" });
    expect(response.usage?.cachedInputTokens).toBe(3);
    const price = prices["gpt-4.1-mini"] ?? { input: 0, output: 0 };
    const usage = response.usage ?? { inputTokens: 0, outputTokens: 0 };
    expect(costOf(usage, price)).toBeLessThan(costOf({ ...usage, cachedInputTokens: 0 }, price));
  });

  it("knows the window of every model it prices, and none of a model it does not know", () => {
    const env = { OPENAI_API_KEY: "sk-test" };
    expect(Object.keys(contextWindows).sort()).toEqual(Object.keys(prices).sort());
    expect(new OpenAiLlm({ model: "gpt-4o", env }).contextWindow).toBe(128_000);
    // GPT-5's prompt may hold 272,000 of its 400,000 tokens: the prompt's limit counts.
    expect(new OpenAiLlm({ model: "gpt-5", env }).contextWindow).toBe(272_000);
    expect(new OpenAiLlm({ model: "llama3.2", env }).contextWindow).toBeUndefined();
    expect(new OpenAiLlm({ model: "constructor", env }).contextWindow).toBeUndefined();
  });
});
