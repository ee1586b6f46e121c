import { describe, expect, it } from "vitest";
import { splitCompletion } from "./split-completion.js";

describe("splitCompletion", () => {
  it("shows the Thought alone while only it has streamed", () => {
    expect(splitCompletion(" I need to use a calc")).toEqual({ thought: "I need to use a calc" });
  });

  it("splits a whole action step under its labels", () => {
    expect(
      splitCompletion(" I need a calculator\nAction: calculator\nAction Input: 25^(1/2)"),
    ).toEqual({ thought: "I need a calculator", action: "calculator", actionInput: "25^(1/2)" });
  });

  it("shows a label as soon as it appears, before its text", () => {
    expect(splitCompletion("Thought: hmm\nAction:")).toEqual({ thought: "hmm", action: "" });
  });

  it("keeps a multi-line final answer whole", () => {
    expect(splitCompletion(" I know it\nFinal Answer: line one\nline two")).toEqual({
      thought: "I know it",
      finalAnswer: "line one\nline two",
    });
  });
});
