import { describe, expect, it } from "vitest";
import { DEFAULT_CONTEXT_WINDOW } from "../../contracts/llm.js";
import { contextBudget } from "./context-budget.js";

describe("contextBudget", () => {
  it("leaves the reply at most a quarter of a window the model says it has", () => {
    expect(contextBudget(8_192, 4_096)).toEqual({
      window: 8_192,
      maxTokens: 2_048,
      replyRoom: 2_048,
      prompt: 6_144,
      resultShare: 768,
      target: 3_072,
      summary: 768,
    });
    // A large window keeps the output limit as it is.
    expect(contextBudget(200_000, 4_096)).toMatchObject({ maxTokens: 4_096, prompt: 195_904 });
  });

  it("keeps the prompt inside an assumed window, but leaves an output limit set past it alone", () => {
    const budget = contextBudget(undefined, 4_000_000);
    expect(budget).toMatchObject({
      window: DEFAULT_CONTEXT_WINDOW,
      maxTokens: 4_000_000,
      replyRoom: DEFAULT_CONTEXT_WINDOW / 4,
      prompt: (DEFAULT_CONTEXT_WINDOW * 3) / 4,
    });
    // A window that is no number of tokens is no window.
    expect(contextBudget(Number.NaN, 100).window).toBe(DEFAULT_CONTEXT_WINDOW);
    expect(contextBudget(-5, 100).window).toBe(DEFAULT_CONTEXT_WINDOW);
  });
});
