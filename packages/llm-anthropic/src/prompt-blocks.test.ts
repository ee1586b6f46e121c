import { describe, expect, it } from "vitest";
import { PromptBlocks } from "./prompt-blocks.js";

describe("prompt blocks for the prompt cache", () => {
  it("splits each step's prompt where the previous one ended", () => {
    const blocks = new PromptBlocks();
    expect(blocks.split("A")).toEqual(["A"]);
    expect(blocks.split("AB")).toEqual(["A", "B"]);
    expect(blocks.split("ABC")).toEqual(["A", "B", "C"]);
  });

  it("sends the same prompt again as it went before", () => {
    const blocks = new PromptBlocks();
    blocks.split("A");
    blocks.split("AB");
    expect(blocks.split("AB")).toEqual(["A", "B"]);
  });

  it("keeps runs of a batch apart, each growing from its own question", () => {
    const blocks = new PromptBlocks();
    blocks.split("Q1");
    blocks.split("Q2");
    expect(blocks.split("Q1 step")).toEqual(["Q1", " step"]);
    expect(blocks.split("Q2 step")).toEqual(["Q2", " step"]);
    expect(blocks.split("Q3")).toEqual(["Q3"]);
  });

  it("forgets the oldest prompts, so memory stays bounded", () => {
    const blocks = new PromptBlocks();
    blocks.split("first");
    for (let index = 0; index < 40; index++) blocks.split(`other ${index}`);
    expect(blocks.split("first step")).toEqual(["first step"]);
  });

  it("never makes an empty block", () => {
    const blocks = new PromptBlocks();
    blocks.split("");
    expect(blocks.split("A")).toEqual(["A"]);
  });
});
