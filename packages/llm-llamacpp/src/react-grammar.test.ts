import { describe, expect, it } from "vitest";
import { sharedLlama } from "./llama-runtime.js";
import { isReactStepPrompt, reactStepGrammar } from "./react-grammar.js";

describe("reactStepGrammar", () => {
  it("allows exactly the configured tools after 'Action:'", () => {
    const grammar = reactStepGrammar(["calculator", "search", "calculator"]);
    expect(grammar).toContain('tool ::= "calculator" | "search"\n');
    expect(grammar).toContain('root ::= thought "\\n" (action | answer)');
  });

  it("allows only a final answer when there are no tools", () => {
    const grammar = reactStepGrammar([]);
    expect(grammar).toContain('root ::= thought "\\n" answer');
    expect(grammar).not.toContain("tool ::=");
  });

  it("escapes tool names so that llama.cpp parses the grammar", async () => {
    const llama = await sharedLlama({ gpu: false, threads: 1 });
    const names = ['say "hi"', "back\\slash", "naïve"];
    const grammar = await llama.createGrammar({ grammar: reactStepGrammar(names) });
    expect(grammar.grammar).toContain('"say \\"hi\\""');
  });
});

describe("isReactStepPrompt", () => {
  it("recognises the agent's step prompts and nothing else", () => {
    expect(isReactStepPrompt("Question: What is 2+2?\nThought:")).toBe(true);
    expect(isReactStepPrompt("…\nObservation: 4\nThought: ")).toBe(true);
    expect(isReactStepPrompt("…based on the previous steps:\nFinal Answer:")).toBe(false);
    expect(isReactStepPrompt("Follow Up Input: and 3?\nStandalone question:")).toBe(false);
    expect(isReactStepPrompt("Afterthought:")).toBe(false);
  });
});
