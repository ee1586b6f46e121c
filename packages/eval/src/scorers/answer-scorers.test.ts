import { describe, expect, it } from "vitest";
import { answered, NO_JUDGE_CONTEXT } from "../test-support/case-outcomes.js";
import { exactScorer } from "./exact.js";
import { includesScorer } from "./includes.js";
import { numberScorer } from "./number.js";
import { REGEX_TESTED_CHARACTERS, regexScorer } from "./regex.js";
import { schemaScorer } from "./schema.js";
import type { Scorer } from "./scorer.js";

const score = (scorer: Scorer, expected: unknown, answer: string) =>
  scorer.score(expected, answered(answer), NO_JUDGE_CONTEXT);

describe("exact", () => {
  it("passes on the trimmed answer and shows both sides when it fails", async () => {
    expect((await score(exactScorer, "Paris", "  Paris\n")).pass).toBe(true);
    const miss = await score(exactScorer, "Paris", "The capital of France is Paris.");
    expect(miss).toMatchObject({ pass: false, score: 0 });
    expect(miss.reason).toBe('expected exactly "Paris", got "The capital of France is Paris."');
  });

  it("refuses a value that is not text when the suite is read", () => {
    expect(exactScorer.check?.(42)).toMatch(/must be a string/);
    expect(exactScorer.check?.("42")).toBeUndefined();
  });
});

describe("includes", () => {
  it("finds every text ignoring case and scores a near miss by the share found", async () => {
    const answer = "There are 404.6 five-year periods in 2023 years.";
    expect((await score(includesScorer, "404.6", answer)).pass).toBe(true);
    expect((await score(includesScorer, ["FIVE-YEAR", "2023"], answer)).pass).toBe(true);
    const miss = await score(includesScorer, ["404.6", "decades", "centuries"], answer);
    expect(miss.pass).toBe(false);
    expect(miss.score).toBeCloseTo(1 / 3);
    expect(miss.reason).toMatch(/^missing "decades", "centuries" in "There are 404\.6/);
  });

  it("refuses an empty list or empty text", () => {
    expect(includesScorer.check?.([])).toMatch(/non-empty list/);
    expect(includesScorer.check?.(["a", ""])).toMatch(/non-empty list/);
    expect(includesScorer.check?.(["a", 3])).toBeDefined();
    expect(includesScorer.check?.(["a", "b"])).toBeUndefined();
  });
});

describe("regex", () => {
  it("takes a bare pattern and a /…/flags literal", async () => {
    const answer = "The square root of 2 is approximately 1.41421";
    expect((await score(regexScorer, "1\\.414\\d*", answer)).pass).toBe(true);
    expect((await score(regexScorer, "/^the SQUARE root/i", answer)).pass).toBe(true);
    const miss = await score(regexScorer, "^the SQUARE root", answer);
    expect(miss.pass).toBe(false);
    expect(miss.reason).toMatch(/^expected a match for "\/\^the SQUARE root\/", got "The square/);
  });

  it("rejects an invalid pattern and stateful flags with a clear message", () => {
    expect(regexScorer.check?.("(unclosed")).toMatch(/^is not a valid regular expression: /);
    expect(regexScorer.check?.("/a/g")).toMatch(/only i, m, s, u and v are allowed/);
    expect(regexScorer.check?.("")).toMatch(/must be a regular expression/);
    expect(regexScorer.check?.("/a+/iu")).toBeUndefined();
  });

  it("tries a pattern on the beginning of a huge answer, and says so", async () => {
    const huge = `${"b".repeat(REGEX_TESTED_CHARACTERS)}needle`;
    const miss = await score(regexScorer, "needle", huge);
    expect(miss.pass).toBe(false);
    expect(miss.reason).toContain(`its first ${REGEX_TESTED_CHARACTERS} characters`);
    expect(miss.reason.length).toBeLessThan(300);
  });
});

describe("number", () => {
  it("finds the number in realistic answers", async () => {
    const periods = "There are 404.6 five-year periods in 2023";
    expect(await score(numberScorer, 404.6, periods)).toMatchObject({
      pass: true,
      reason: "found 404.6 (expected 404.6 ± 0.000001)",
    });
    const root = "The square root of 2 is approximately 1.41421";
    expect((await score(numberScorer, { value: Math.SQRT2, tolerance: 1e-4 }, root)).pass).toBe(
      true,
    );
    expect((await score(numberScorer, Math.SQRT2, root)).pass).toBe(false);
  });

  it("reads thousands commas, negatives, scientific notation and not hyphens", async () => {
    expect((await score(numberScorer, 1234.5, "It costs $1,234.50 in total.")).pass).toBe(true);
    expect((await score(numberScorer, -40, "At −40 degrees both scales meet")).pass).toBe(true);
    expect((await score(numberScorer, -3, "The result is -3.")).pass).toBe(true);
    expect((await score(numberScorer, 6.022e23, "Avogadro: 6.022e23 per mole")).pass).toBe(true);
    expect((await score(numberScorer, -2024, "From 2023-2024, gpt-4 ran")).pass).toBe(false);
    expect((await score(numberScorer, -4, "gpt-4 ran")).pass).toBe(false);
    expect((await score(numberScorer, 4, "gpt-4 ran")).pass).toBe(true);
  });

  it("lists what it found when no number is near enough", async () => {
    const miss = await score(numberScorer, 405, "There are 404.6 five-year periods in 2023");
    expect(miss.reason).toBe(
      'expected 405 ± 0.000001, found 404.6, 2023 in "There are 404.6 five-year periods in 2023"',
    );
    const none = await score(numberScorer, 405, "I could not work it out.");
    expect(none.reason).toBe('expected 405 ± 0.000001, no number in "I could not work it out."');
  });

  it("checks the value's shape", () => {
    expect(numberScorer.check?.(3)).toBeUndefined();
    expect(numberScorer.check?.({ value: 3, tolerance: 0.5 })).toBeUndefined();
    expect(numberScorer.check?.("3")).toMatch(/must be a number/);
    expect(numberScorer.check?.(Number.NaN)).toMatch(/must be a number/);
    expect(numberScorer.check?.({ value: 3, tolerance: -1 })).toMatch(/must be a number/);
    expect(numberScorer.check?.({ value: 3, tolernce: 1 })).toMatch(/"tolernce"/);
  });
});

describe("schema", () => {
  const city = {
    type: "object",
    required: ["city", "population"],
    properties: { city: { type: "string" }, population: { type: "number", minimum: 0 } },
  };

  it("passes JSON alone or inside a ```json fence", async () => {
    expect((await score(schemaScorer, city, '{"city":"Paris","population":2100000}')).pass).toBe(
      true,
    );
    const fenced = 'Here it is:\n```json\n{"city": "Paris", "population": 2100000}\n```\nDone.';
    expect((await score(schemaScorer, city, fenced)).pass).toBe(true);
  });

  it("lists the first issues, and says when the answer is not JSON", async () => {
    const wrong = await score(schemaScorer, city, '{"city": 3, "population": -1}');
    expect(wrong.pass).toBe(false);
    expect(wrong.reason).toMatch(/^JSON does not match the schema: city expected a string, got 3/);
    expect(wrong.reason).toContain("population must be at least 0");
    const prose = await score(schemaScorer, city, "Paris has about 2.1 million people.");
    expect(prose.reason).toMatch(/^expected JSON \(.+\), got "Paris has about/);
  });

  it("treats __proto__ and constructor keys as plain data", async () => {
    const closed = { type: "object", properties: { a: {} }, additionalProperties: false };
    const hostile = '{"a": 1, "__proto__": {"polluted": true}, "constructor": {"x": 1}}';
    const result = await score(schemaScorer, closed, hostile);
    expect(result.pass).toBe(false);
    expect(result.reason).toMatch(/__proto__|constructor/);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it("refuses a schema that is not an object", () => {
    expect(schemaScorer.check?.("object")).toMatch(/JSON Schema object/);
    expect(schemaScorer.check?.([])).toMatch(/JSON Schema object/);
  });
});

describe("hostile answers", () => {
  it("keep reasons one short printable line", async () => {
    const answer = `\u001b]0;pwned\u0007\u001b[2J${"x".repeat(5_000_000)}\nline two\u202e`;
    for (const [scorer, expected] of [
      [exactScorer, "y"],
      [includesScorer, "needle"],
      [regexScorer, "^needle"],
      [numberScorer, 7],
      [schemaScorer, { type: "object" }],
    ] as const) {
      const result = await score(scorer, expected, answer);
      expect(result.pass, scorer.name).toBe(false);
      expect(result.reason.length, scorer.name).toBeLessThan(300);
      expect(result.reason, scorer.name).not.toMatch(/[\u0000-\u001f\u007f-\u009f\u202e]/);
      expect(result.reason, scorer.name).not.toContain("pwned");
    }
  });

  it("fail answer-based scorers on a run without an answer, naming why", async () => {
    const stopped = answered("", {
      status: "stopped",
      answer: undefined,
      error: { code: "max_steps", message: "The run reached --max-steps 5" },
    });
    for (const scorer of [exactScorer, includesScorer, regexScorer, numberScorer, schemaScorer]) {
      const result = await scorer.score("x", stopped, NO_JUDGE_CONTEXT);
      expect(result.pass).toBe(false);
      expect(result.reason).toMatch(/^no answer: the run stopped \(max_steps: "The run reached/);
    }
  });
});
