import type { Tool } from "@langchain-mini/core";
import { Parser } from "expr-eval-fork";
import { findUnknownName } from "./known-names.js";

export interface CalculatorOptions {
  /** Longer inputs are refused before parsing; default 2,000 characters. */
  readonly maxInputLength?: number;
}

const DESCRIPTION =
  "Useful for getting the result of a math expression. The input to this tool should be a valid mathematical expression that could be executed by a simple calculator.";

/**
 * Arithmetic only. expr-eval-fork closes CVE-2025-12735 of expr-eval 2.0.2; on top of
 * that we switch off everything that is not arithmetic (assignment, function definition,
 * string concatenation, member access, comparisons), so a prompt-injected input can do
 * no more than compute a number.
 */
const parser = new Parser({
  allowMemberAccess: false,
  operators: {
    assignment: false,
    fndef: false,
    concatenate: false,
    conditional: false,
    comparison: false,
    logical: false,
    in: false,
    random: false,
  },
});

export function createCalculator(options: CalculatorOptions = {}): Tool {
  const maxInputLength = options.maxInputLength ?? 2000;
  return {
    name: "calculator",
    description: DESCRIPTION,
    execute(input) {
      const expression = input.trim();
      if (!expression) return reformulate("Error: the expression is empty");
      if (expression.length > maxInputLength) {
        return reformulate(`Error: the expression is longer than ${maxInputLength} characters`);
      }
      let value: unknown;
      try {
        // Parse first, so a syntax error gets the parser's own message (seed 001).
        const parsed = parser.parse(expression);
        const unknown = findUnknownName(expression, parser);
        if (unknown) {
          return reformulate(
            `Error: unknown name '${unknown}': use numbers, operators (+ - * / ^ %), PI, E and functions such as sqrt, ceil, round, max`,
          );
        }
        // Text and lists are not arithmetic, and `[1,2][0]` would index one.
        if (/["'[\]]/.test(expression)) {
          return reformulate(
            "Error: the calculator takes numbers only: no quotes, text or lists ([ ])",
          );
        }
        value = parsed.evaluate();
      } catch (error) {
        // The parser recurses once per nesting level; thousands of parentheses overflow it.
        if (error instanceof RangeError) {
          return reformulate("Error: the expression is nested too deeply");
        }
        return reformulate(String(error));
      }
      return describeResult(value);
    },
  };
}

function describeResult(value: unknown) {
  if (typeof value !== "number") {
    return reformulate(`Error: the result is ${kindOf(value)}, not a number`);
  }
  if (Number.isNaN(value)) {
    return reformulate(
      "Error: the result is not a number (NaN): check for 0/0, the root or logarithm of a negative number, or text in the expression",
    );
  }
  if (!Number.isFinite(value)) {
    return reformulate(
      `Error: the result is infinite (${value}): check for a division by zero or a number too large`,
    );
  }
  return String(value);
}

/**
 * The observation that makes the model retry, worded as in seed 001 (kept on one line:
 * observations are read line by line in traces).
 */
function reformulate(reason: string) {
  return `Please reformulate the expression. The calculator tool has failed with error: '${reason}'`;
}

function kindOf(value: unknown) {
  if (Array.isArray(value)) return "a list";
  if (typeof value === "function") return "a function";
  if (typeof value === "string") return "a string";
  if (typeof value === "boolean") return "a boolean";
  return typeof value;
}
