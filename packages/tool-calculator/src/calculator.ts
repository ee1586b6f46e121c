import type { Tool } from "@langchain-mini/core";
import { Parser } from "expr-eval-fork";

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
        value = parser.evaluate(expression);
      } catch (error) {
        return reformulate(String(error));
      }
      if (typeof value !== "number") {
        return reformulate(`Error: the result is not a number (${describe(value)})`);
      }
      if (!Number.isFinite(value)) {
        return reformulate(
          `Error: the result is not a finite number (${value}); check for a division by zero`,
        );
      }
      return String(value);
    },
  };
}

/** The observation that makes the model retry, worded as in seed 001. */
function reformulate(reason: string) {
  return `Please reformulate the expression. The calculator tool has failed with error: '${reason}'`;
}

function describe(value: unknown) {
  if (Array.isArray(value)) return "a list";
  if (typeof value === "function") return "a function";
  return typeof value === "string" ? "a string" : typeof value;
}
