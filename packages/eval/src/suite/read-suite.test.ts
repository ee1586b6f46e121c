import { describe, expect, it } from "vitest";
import { parseSuite, SuiteError } from "./read-suite.js";

const jsonl = (...lines: unknown[]) => lines.map((line) => JSON.stringify(line)).join("\n");
const read = (text: string, yaml = false) => parseSuite(text, { name: "suite", yaml });
const problem = (text: string, yaml = false) => {
  try {
    read(text, yaml);
  } catch (error) {
    expect(error).toBeInstanceOf(SuiteError);
    return (error as Error).message;
  }
  throw new Error("the suite was read");
};

describe("reading a suite", () => {
  it("takes JSONL cases, blank lines, and a line of settings (the matrix and the judge)", () => {
    const suite = read(
      `${jsonl(
        { models: ["openai:gpt-4.1-mini", "anthropic:claude-haiku-4-5"], judge: "openai:gpt-4.1" },
        { id: "periods", question: "How many five year periods are in 2023?", includes: "404" },
      )}\n\n${jsonl({ id: "chat", turns: ["What is 2+2?", "And times 3?"], number: 12 })}\n`,
    );
    expect(suite.models).toEqual(["openai:gpt-4.1-mini", "anthropic:claude-haiku-4-5"]);
    expect(suite.judge).toBe("openai:gpt-4.1");
    expect(suite.cases.map((evalCase) => evalCase.id)).toEqual(["periods", "chat"]);
    expect(suite.cases[1]?.turns).toEqual(["What is 2+2?", "And times 3?"]);
  });

  it("takes YAML: a list of cases, or a mapping with cases, models and judge", () => {
    const list = read("- id: sum\n  question: What is 2+2?\n  number: 4\n", true);
    expect(list.cases).toEqual([{ id: "sum", question: "What is 2+2?", number: 4 }]);
    const mapping = read(
      "models: [openai:gpt-4.1-mini]\ncases:\n  - id: sum\n    question: What is 2+2?\n    limits: {maxSteps: 3}\n",
      true,
    );
    expect(mapping.models).toEqual(["openai:gpt-4.1-mini"]);
    expect(mapping.cases[0]?.limits).toEqual({ maxSteps: 3 });
  });

  it("says where the first problem is, in one line, for each kind of mistake", () => {
    expect(problem('{"id": "a", "question": "q"}\n{oops')).toBe(
      'suite line 2 is not JSON: write one case per line, such as {"id": "sum", "question": "What is 2+2?"}',
    );
    expect(problem(jsonl({ id: "a", question: "q" }, { id: "a", question: "r" }))).toContain(
      'suite line 2: the id "a" is used twice',
    );
    expect(problem(jsonl({ id: "a", question: "q", turns: ["r"] }))).toContain(
      'give either "question" or "turns"',
    );
    expect(problem(jsonl({ question: "q" }))).toContain('"id" must be a name');
    expect(problem(jsonl({ id: "a", question: "q", limits: { steps: 3 } }))).toContain(
      'limits" has "steps"',
    );
    expect(problem(jsonl({ id: "a", question: "q", limits: { maxSteps: -1 } }))).toContain(
      "limits.maxSteps must be a number above 0",
    );
    expect(problem(jsonl({ models: "openai" }))).toContain('"models" must be a list');
    expect(problem(jsonl({ id: "a", question: "q", incluedes: "4" }))).toContain(
      "did you mean includes?",
    );
    expect(problem("")).toContain("has no cases");
    expect(problem("- id: [unclosed", true)).toContain("is not YAML");
    expect(problem("just: text\n", true)).toContain('a mapping with "cases"');
    for (const message of [problem(jsonl({ id: "a", question: "q", regex: "([" }))]) {
      expect(message.split("\n")).toHaveLength(1);
    }
  });

  it("reads keys named like Object's own as keys, never as the prototype's", () => {
    const message = problem('{"id": "a", "question": "q", "__proto__": {"polluted": true}}');
    expect(message).toContain('"__proto__" is not a case key');
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(problem(jsonl({ id: "constructor", question: "q", constructor: "x" }))).toContain(
      '"constructor" is not a case key',
    );
  });
});
