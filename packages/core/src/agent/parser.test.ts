import { describe, expect, it } from "vitest";
import { describeStep, parserCorpus } from "../fixtures/parser-corpus.js";
import {
  cleanToolName,
  cutAtObservation,
  EMPTY_FINAL_ANSWER,
  MISSING_ACTION,
  MISSING_ACTION_INPUT,
  parseReAct,
  stripBalancedQuotes,
} from "./parser.js";

describe("parseReAct corpus", () => {
  it("has at least 50 cases, each with a distinct name", () => {
    expect(parserCorpus.length).toBeGreaterThanOrEqual(50);
    expect(new Set(parserCorpus.map((entry) => entry.name)).size).toBe(parserCorpus.length);
  });

  it.each(parserCorpus)("$name", ({ completion, expected }) => {
    expect(describeStep(parseReAct(completion))).toEqual(expected);
  });
});

describe("parser details", () => {
  it("tells the model exactly what is missing", () => {
    expect(MISSING_ACTION).toBe("Invalid format: missing 'Action:' after 'Thought:'");
    expect(MISSING_ACTION_INPUT).toBe("Invalid format: missing 'Action Input:' after 'Action:'");
    expect(parseReAct("Final Answer:\n\n")).toEqual({
      type: "error",
      message: EMPTY_FINAL_ANSWER,
    });
  });

  it("keeps the thought that led to an action or an answer", () => {
    const step = parseReAct(" I need to round up\nAction: calculator\nAction Input: ceil(404.6)");
    expect(step).toMatchObject({ type: "action", thought: "I need to round up" });
    expect(parseReAct("Thought: I now know\nFinal Answer: 405")).toMatchObject({
      thought: "I now know",
    });
    expect(parseReAct("**Thought 2:** look it up\r\nAction: search\r\nAction Input: x")).toEqual({
      type: "action",
      tool: "search",
      input: "x",
      thought: "look it up",
    });
  });

  it("cuts at the first line that starts with Observation:, with the line break before it", () => {
    expect(cutAtObservation("a\nObservation: b\nc")).toBe("a");
    expect(cutAtObservation("a\n  **Observation 2:** b")).toBe("a");
    expect(cutAtObservation("Observation: all invented")).toBe("");
    expect(cutAtObservation("the Observation: mid-line stays")).toBe(
      "the Observation: mid-line stays",
    );
  });

  it("drops a last line that is an observation label cut short, and nothing else", () => {
    expect(cutAtObservation("Action Input: x\nObs")).toBe("Action Input: x");
    expect(cutAtObservation("Action Input: x\nobservation")).toBe("Action Input: x");
    expect(cutAtObservation("Action Input: x\nOb")).toBe("Action Input: x\nOb");
    expect(cutAtObservation("Action Input: x\nObsolete")).toBe("Action Input: x\nObsolete");
  });

  it("strips quotes only when they are a balanced pair", () => {
    expect(stripBalancedQuotes('"x"')).toBe("x");
    expect(stripBalancedQuotes("`x`")).toBe("x");
    expect(stripBalancedQuotes('"x')).toBe('"x');
    expect(stripBalancedQuotes('"')).toBe('"');
    expect(stripBalancedQuotes('""')).toBe("");
    expect(stripBalancedQuotes('say "hi"')).toBe('say "hi"');
    expect(stripBalancedQuotes('"a" or "b"')).toBe('"a" or "b"');
  });

  it("cleans tool names but keeps their case", () => {
    expect(cleanToolName(" [Search] ")).toBe("Search");
    expect(cleanToolName("`calculator`")).toBe("calculator");
    expect(cleanToolName("**Hacker News Search**.")).toBe("Hacker News Search");
    expect(cleanToolName("")).toBe("");
  });

  it("reads degenerate whitespace in linear time (a model stuck repeating spaces)", () => {
    // Overlapping quantifiers made this cubic: 1,000 spaces took 0.3 s, 50,000 would hang.
    const spaces = " ".repeat(50_000);
    expect(
      parseReAct(
        `Thought${spaces}x\nAction${spaces}\nAction: search${spaces}\nAction Input: a${spaces}`,
      ),
    ).toMatchObject({ type: "action", tool: "search", input: "a" });
    expect(parseReAct(`Final${spaces}Answer${spaces}x\nObservation${spaces}`)).toEqual({
      type: "error",
      message: MISSING_ACTION,
    });
    expect(cleanToolName(`${".".repeat(50_000)}x${".".repeat(50_000)}`)).toBe(
      `${".".repeat(50_000)}x`,
    );
  });
});
