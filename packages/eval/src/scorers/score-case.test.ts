import { describe, expect, it } from "vitest";
import type { EvalCase } from "../suite/eval-case.js";
import { answered, NO_JUDGE_CONTEXT, toolStep } from "../test-support/case-outcomes.js";
import { builtInScorers } from "./built-in-scorers.js";
import { checkCase } from "./check-case.js";
import { scoreCase } from "./score-case.js";
import type { Scorer } from "./scorer.js";

const periods: EvalCase = {
  id: "periods",
  question: "How many five-year periods are there in 2023 years?",
  includes: "404.6",
  number: { value: 404.6, tolerance: 0.05 },
  usesTool: "calculator",
  maxSteps: 4,
};
const goodRun = answered("There are 404.6 five-year periods in 2023", {
  steps: 2,
  trajectory: [toolStep(1, "calculator", "2023 / 5", "404.6")],
});

describe("scoreCase", () => {
  it("passes when the run answered and every scorer the case names passed", async () => {
    const result = await scoreCase(periods, goodRun, builtInScorers, NO_JUDGE_CONTEXT);
    expect(result.pass).toBe(true);
    expect(Object.keys(result.scores).sort()).toEqual([
      "includes",
      "maxSteps",
      "number",
      "usesTool",
    ]);
    expect(result.judgeCost).toBeUndefined();
  });

  it("fails when one scorer fails, keeping every score", async () => {
    const noTool = answered("There are 404.6 five-year periods in 2023", { steps: 1 });
    const result = await scoreCase(periods, noTool, builtInScorers, NO_JUDGE_CONTEXT);
    expect(result.pass).toBe(false);
    expect(result.scores.usesTool?.pass).toBe(false);
    expect(result.scores.includes?.pass).toBe(true);
  });

  it("passes a case without scorer keys when it answered, and fails one that did not", async () => {
    const bare: EvalCase = { id: "hello", question: "Say hello" };
    expect(await scoreCase(bare, answered("Hello!"), builtInScorers, NO_JUDGE_CONTEXT)).toEqual({
      pass: true,
      scores: {},
    });
    const stopped = answered("", { status: "stopped", answer: undefined });
    expect((await scoreCase(bare, stopped, builtInScorers, NO_JUDGE_CONTEXT)).pass).toBe(false);
  });

  it("turns a scorer that throws, or one that breaks its contract, into a failed score", async () => {
    const throwing: Scorer = {
      name: "tone",
      score: () => {
        throw new Error("sentiment model\u001b[31m missing");
      },
    };
    const broken: Scorer = { name: "shape", score: () => ({ passed: true }) as never };
    const spender: Scorer = {
      name: "cheap",
      score: () => ({ pass: true, score: 7, reason: "ok\nfine", cost: 0.25 }),
    };
    const evalCase: EvalCase = { id: "t", question: "q", tone: "warm", shape: 1, cheap: true };
    const result = await scoreCase(
      evalCase,
      answered("Hi"),
      [throwing, broken, spender],
      NO_JUDGE_CONTEXT,
    );
    expect(result.pass).toBe(false);
    expect(result.scores.tone?.reason).toBe("the scorer tone failed: sentiment model missing");
    expect(result.scores.shape?.reason).toMatch(/broke its contract/);
    expect(result.scores.cheap).toEqual({ pass: true, score: 1, reason: "ok fine", cost: 0.25 });
    expect(result.judgeCost).toBe(0.25);
  });

  it("fails a value its scorer's check refuses instead of scoring it", async () => {
    const evalCase: EvalCase = { id: "bad", question: "q", regex: "(unclosed" };
    const result = await scoreCase(evalCase, answered("x"), builtInScorers, NO_JUDGE_CONTEXT);
    expect(result.scores.regex?.reason).toMatch(/^regex is not a valid regular expression/);
  });

  it("reads only the case's own keys: constructor and __proto__ are not scorers' values", async () => {
    const hostile = JSON.parse('{"id": "h", "question": "q", "__proto__": {"exact": "x"}}');
    const constructorScorer: Scorer = {
      name: "constructor",
      score: () => ({ pass: false, score: 0, reason: "ran" }),
    };
    const result = await scoreCase(
      hostile,
      answered("y"),
      [...builtInScorers, constructorScorer],
      NO_JUDGE_CONTEXT,
    );
    expect(result).toEqual({ pass: true, scores: {} });
  });

  it("hands the judge the case's last turn as the question", async () => {
    const seen: Array<string | undefined> = [];
    const spy: Scorer = {
      name: "spy",
      score: (_expected, _outcome, context) => {
        seen.push(context.question);
        return { pass: true, score: 1, reason: "" };
      },
    };
    const evalCase: EvalCase = { id: "t", turns: ["Who wrote Dune?", "When was he born?"], spy: 1 };
    await scoreCase(evalCase, answered("1920"), [spy], NO_JUDGE_CONTEXT);
    expect(seen).toEqual(["When was he born?"]);
  });
});

describe("checkCase", () => {
  it("names an unknown key with the scorer it most likely meant", () => {
    const problems = checkCase({ id: "a", question: "q", inclues: "x" }, builtInScorers);
    expect(problems).toHaveLength(1);
    expect(problems[0]?.key).toBe("inclues");
    expect(problems[0]?.message).toMatch(
      /^"inclues" is not a case key or a scorer \(did you mean includes\?\)/,
    );
    expect(problems[0]?.message).toContain("--scorer <module>");
  });

  it("reports each bad value with its scorer's words, and nothing for a good case", () => {
    expect(checkCase(periods, builtInScorers)).toEqual([]);
    // As a suite file may hold it: values of the wrong type.
    const read = JSON.parse(
      '{"id": "b", "question": "q", "maxSteps": 0, "number": "404", "judge": {"rubric": ""}}',
    ) as EvalCase;
    const problems = checkCase(read, builtInScorers);
    expect(problems.map((problem) => problem.key)).toEqual(["maxSteps", "number", "judge"]);
    expect(problems[0]?.message).toMatch(/whole number of steps/);
  });

  it("keeps a plug-in's check that throws to one line", () => {
    const fussy: Scorer = {
      name: "tone",
      check: () => {
        throw new Error("boom");
      },
      score: () => ({ pass: true, score: 1, reason: "" }),
    };
    expect(checkCase({ id: "c", tone: "warm" }, [fussy])).toEqual([
      { key: "tone", message: '"tone" could not be checked: the scorer\'s check threw boom' },
    ]);
  });
});
