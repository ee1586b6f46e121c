import { describe, expect, it } from "vitest";
import { describeStep, parserCorpus } from "./fixtures/parser-corpus.js";
import { cutAtObservation, parseReAct, stripBalancedQuotes } from "./parser.js";

describe("parseReAct corpus", () => {
  it("has at least 50 cases", () => {
    expect(parserCorpus.length).toBeGreaterThanOrEqual(50);
  });

  it.each(parserCorpus)("$name", ({ completion, expected }) => {
    expect(describeStep(parseReAct(completion))).toEqual(expected);
  });
});

describe("parser details", () => {
  it("keeps the thought that led to an action or an answer", () => {
    const step = parseReAct(" I need to round up\nAction: calculator\nAction Input: ceil(404.6)");
    expect(step).toMatchObject({ type: "action", thought: "I need to round up" });
    expect(parseReAct("Thought: I now know\nFinal Answer: 405")).toMatchObject({
      thought: "I now know",
    });
  });

  it("cuts at the first line that starts with Observation:", () => {
    expect(cutAtObservation("a\nObservation: b\nc")).toBe("a");
    expect(cutAtObservation("the Observation: mid-line stays")).toBe(
      "the Observation: mid-line stays",
    );
  });

  it("strips quotes only when they are a balanced pair", () => {
    expect(stripBalancedQuotes('"x"')).toBe("x");
    expect(stripBalancedQuotes("`x`")).toBe("x");
    expect(stripBalancedQuotes('"x')).toBe('"x');
    expect(stripBalancedQuotes('"')).toBe('"');
    expect(stripBalancedQuotes('say "hi"')).toBe('say "hi"');
  });
});
