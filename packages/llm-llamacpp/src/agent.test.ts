import { Agent, type Tool } from "@langchain-mini/core";
import { expect, it } from "vitest";
import { LlamaCppLlm } from "./llamacpp-llm.js";
import { CALCULATOR_SCRIPT, writeScriptModel } from "./testing/index.js";

it("drives the ReAct agent through a tool call to a final answer", async () => {
  const llm = await LlamaCppLlm.load({
    modelPath: writeScriptModel(CALCULATOR_SCRIPT),
    gpu: false,
    threads: 1,
  });
  const inputs: string[] = [];
  const calculator: Tool = {
    name: "calculator",
    description: "Adds numbers written like 2+2.",
    execute: async (input) => {
      inputs.push(input);
      return String(input.split("+").reduce((sum, term) => sum + Number(term), 0));
    },
  };
  try {
    const result = await new Agent({ llm, tools: [calculator] }).invoke("What is 2+2?");
    expect(inputs).toEqual(["2+2"]);
    expect(result).toMatchObject({ status: "answered", answer: "2+2 is 4.", llmCalls: 2 });
    expect(result.steps).toEqual([
      { tool: "calculator", input: "2+2", thought: "I need to add 2 and 2.", observation: "4" },
    ]);
    expect(result.usage.outputTokens).toBeGreaterThan(0);
  } finally {
    await llm.dispose();
  }
});
