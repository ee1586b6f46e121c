import { describe, expect, it } from "vitest";
import { createCalculator } from "./calculator.js";

const REFORMULATE =
  "Please reformulate the expression. The calculator tool has failed with error: ";
const context = { signal: new AbortController().signal };

async function calculate(input: string, maxInputLength?: number) {
  return createCalculator({ maxInputLength }).execute(input, context);
}

describe("calculator: the seeds' expressions", () => {
  it.each([
    ["25^(1/2)", "5"],
    ["ceil(404.6)", "405"],
    ["(54-32)*5/9", "12.222222222222221"],
    ["2023/5", "404.6"],
    ["((75-32) * 5/9)", "23.88888888888889"],
    ["(2020/5)", "404"],
  ])("%s gives %s", async (input, expected) => {
    expect(await calculate(input)).toBe(expected);
  });

  it("answers seed 001's malformed Fahrenheit conversion with the parser's own message", async () => {
    expect(await calculate("(75 F - 32) * 5/9")).toBe(
      `${REFORMULATE}'Error: parse error [1:6]: Expected )'`,
    );
  });

  it("trims the whitespace models put around an input", async () => {
    expect(await calculate("  2 + 2\n")).toBe("4");
  });

  it("keeps plain number formatting with no locale separators", async () => {
    expect(await calculate("1234567 * 1000")).toBe("1234567000");
    expect(await calculate("0.1 + 0.2")).toBe("0.30000000000000004");
  });

  it("offers the usual maths functions and constants", async () => {
    expect(await calculate("sqrt(16) + max(1, 2) + abs(-3) + round(2.5)")).toBe("12");
    expect(await calculate("PI")).toBe(String(Math.PI));
    expect(await calculate("roundTo(1.2345, 2)")).toBe("1.23");
  });
});

describe("calculator: arithmetic only", () => {
  it.each([
    ["assignment", "x = 5"],
    ["function definition", "f(x) = x"],
    ["string concatenation", '"a" || "b"'],
    ["comparison", "1 < 2"],
    ["equality", "1 == 1"],
    ["logical and", "1 and 0"],
    ["logical or", "1 or 0"],
    ["conditional", "1 ? 2 : 3"],
    ["membership", "1 in [1, 2]"],
  ])("refuses %s (%s) with the reformulate observation", async (_kind, input) => {
    const observation = await calculate(input);
    expect(observation.startsWith(`${REFORMULATE}'Error: `)).toBe(true);
    expect(observation.endsWith("'")).toBe(true);
  });

  it("refuses member access, even on a known constant", async () => {
    for (const input of ["a.b", "x.__proto__", "PI.constructor"]) {
      expect(await calculate(input)).toBe(
        `${REFORMULATE}'Error: unexpected ".", member access is not permitted'`,
      );
    }
  });

  it.each([
    "isPrototypeOf(1)",
    "hasOwnProperty('x')",
    "toString",
    "constructor",
    "__proto__",
    "valueOf",
  ])("refuses %s, which names an Object.prototype member", async (input) => {
    const name = /\w+/.exec(input)?.[0];
    expect(await calculate(input)).toBe(
      `${REFORMULATE}'Error: unknown name '${name}': use numbers, operators (+ - * / ^ %), PI, E and functions such as sqrt, ceil, round, max'`,
    );
  });

  it("names an unknown variable so the model can replace it with a number", async () => {
    expect(await calculate("2 * x")).toContain("unknown name 'x'");
  });

  it.each([
    ["if(0, 2, 3)", "unknown name 'if'"],
    ['length "abc"', "unknown name 'length'"],
    ['indexOf("a", "abc")', "unknown name 'indexOf'"],
    ["sum([1, 2])", "unknown name 'sum'"],
    ["true + 1", "unknown name 'true'"],
    ["[1, 2][0]", "no quotes, text or lists"],
    ["not(0)", "unknown name 'not'"],
  ])("refuses %s, which is not arithmetic", async (input, why) => {
    const observation = await calculate(input);
    expect(observation.startsWith(`${REFORMULATE}'Error: `)).toBe(true);
    expect(observation).toContain(why);
  });

  it("refuses random(): a replayed step must observe the same number", async () => {
    expect(await calculate("random()")).toContain("unknown name 'random'");
  });

  it("does not mistake the letters of number literals for names", async () => {
    expect(await calculate("1e3 + 0x10")).toBe("1016");
  });
});

describe("calculator: results that are not numbers", () => {
  it.each([
    [
      "1/0",
      "the result is infinite (Infinity): check for a division by zero or a number too large",
    ],
    [
      "-1/0",
      "the result is infinite (-Infinity): check for a division by zero or a number too large",
    ],
    [
      "0/0",
      "the result is not a number (NaN): check for 0/0, the root or logarithm of a negative number, or text in the expression",
    ],
    ['"abc"', "the calculator takes numbers only: no quotes, text or lists ([ ])"],
    ["[1, 2]", "the calculator takes numbers only: no quotes, text or lists ([ ])"],
    ["sqrt", "the result is a function, not a number"],
  ])("%s is reported as such", async (input, reason) => {
    expect(await calculate(input)).toBe(`${REFORMULATE}'Error: ${reason}'`);
  });
});

describe("calculator: input limits", () => {
  it("refuses an empty expression", async () => {
    expect(await calculate("   ")).toBe(`${REFORMULATE}'Error: the expression is empty'`);
  });

  it("refuses inputs over 2,000 characters by default, before parsing", async () => {
    const long = Array.from({ length: 1001 }, () => "1").join("+");
    expect(long.length).toBe(2001);
    expect(await calculate(long)).toBe(
      `${REFORMULATE}'Error: the expression is longer than 2000 characters'`,
    );
    expect(await calculate(long.slice(2))).toBe("1000");
  });

  it("takes a custom cap", async () => {
    expect(await calculate("1+1", 2)).toContain("longer than 2 characters");
  });

  it("survives 20,000 nested parentheses when the cap lets them through", async () => {
    const deep = `${"(".repeat(20_000)}1${")".repeat(20_000)}`;
    expect(await calculate(deep, 100_000)).toBe(
      `${REFORMULATE}'Error: the expression is nested too deeply'`,
    );
    expect(await calculate(deep)).toContain("longer than 2000 characters");
  });
});

describe("calculator: the tool contract", () => {
  it("is named calculator and describes its input as in the seeds", () => {
    const tool = createCalculator();
    expect(tool.name).toBe("calculator");
    expect(tool.description).toBe(
      "Useful for getting the result of a math expression. The input to this tool should be a valid mathematical expression that could be executed by a simple calculator.",
    );
  });
});
