import { describe, expect, it } from "vitest";
import { generate } from "../stream/read-llm.js";
import { ScriptedLlm } from "../testing/scripted-llm.js";
import { withPrice } from "./with-price.js";

describe("withPrice", () => {
  it("is the same model at another price, or at none", async () => {
    const llm = new ScriptedLlm(["hello"], { model: "m", price: { input: 1, output: 2 } });
    const repriced = withPrice(llm, { input: 3, output: 4 });
    expect(repriced).toMatchObject({
      provider: "script",
      model: "m",
      price: { input: 3, output: 4 },
    });
    expect(repriced.capabilities).toBe(llm.capabilities);
    expect((await generate(repriced, { prompt: "p" })).text).toBe("hello");
    expect(llm.calls).toHaveLength(1);
    expect("price" in withPrice(llm, undefined)).toBe(false);
  });

  it("keeps the model's context window", () => {
    const llm = new ScriptedLlm(["hello"]);
    const sized = { ...withPrice(llm, undefined), contextWindow: 8_192 };
    expect(withPrice(sized, { input: 1, output: 2 }).contextWindow).toBe(8_192);
    expect("contextWindow" in withPrice(llm, undefined)).toBe(false);
  });
});
