import { Agent, type AgentEvent, costOf, modelPriceProblem } from "@langchain-mini/core";
import { describe, expect, it } from "vitest";
import { AnthropicLlm } from "./anthropic-llm.js";
import { contextWindows, prices } from "./prices.js";
import { DEFAULT_MODEL } from "./settings.js";
import { llmFor } from "./test-support/fake-llm.js";

const replies = [
  { text: " I need the calculator\nAction: calculator\nAction Input: 25^(1/2)" },
  { text: " I now know the final answer\nFinal Answer: 5" },
];
const calculator = { name: "calculator", description: "maths", execute: () => "5" };

async function costsOf(model: string) {
  const { llm } = await llmFor(replies, { model }, { minCacheTokens: 0 });
  const run = new Agent({ llm, tools: [calculator] }).run("what is the square root of 25?");
  const ends: Extract<AgentEvent, { type: "llm-end" }>[] = [];
  for await (const event of run) if (event.type === "llm-end") ends.push(event);
  return { llm, ends, result: await run.result };
}

describe("prices", () => {
  it("prices the default model, every entry well-formed and dated", () => {
    expect(Object.keys(prices)).toContain(DEFAULT_MODEL);
    for (const [model, price] of Object.entries(prices)) {
      expect({ model, problem: modelPriceProblem(price) }).toEqual({ model, problem: undefined });
      expect(price.checked).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    }
  });

  it("gives a run through the Messages API its cost, cache reads and writes at their rates", async () => {
    const { llm, ends, result } = await costsOf("claude-haiku-5-5");
    expect(llm.price).toBe(prices["claude-haiku-5-5"]);
    const [first, second] = ends;
    // The second step reads the first step's prompt from the cache.
    expect(second?.usage?.cachedInputTokens).toBeGreaterThan(0);
    for (const end of ends) {
      expect(end.cost).toBeCloseTo(
        costOf(
          end.usage ?? { inputTokens: 0, outputTokens: 0 },
          prices["claude-haiku-5-5"] ?? { input: 0, output: 0 },
        ),
        15,
      );
    }
    expect(result.cost).toBeCloseTo((first?.cost ?? 0) + (second?.cost ?? 0), 15);
  });

  it("shows tokens only for a model it has no price for", async () => {
    const { llm, ends, result } = await costsOf("claude-next-unreleased");
    expect(llm.price).toBeUndefined();
    expect(ends.every((end) => end.cost === undefined && (end.usage?.inputTokens ?? 0) > 0)).toBe(
      true,
    );
    expect(result.cost).toBeUndefined();
  });

  it("knows the window of every model it prices, and none of a model it does not know", () => {
    const env = { ANTHROPIC_API_KEY: "sk-ant-test" };
    expect(Object.keys(contextWindows).sort()).toEqual(Object.keys(prices).sort());
    expect(new AnthropicLlm({ model: DEFAULT_MODEL, env }).contextWindow).toBe(1_000_000);
    expect(new AnthropicLlm({ model: "claude-haiku-4-5", env }).contextWindow).toBe(200_000);
    expect(new AnthropicLlm({ model: "claude-next", env }).contextWindow).toBeUndefined();
  });
});
