import type { Parser } from "expr-eval-fork";

/** Non-deterministic: the same step would observe a different number on a replay. */
const EXCLUDED = new Set(["random"]);

const STRING_LITERAL = /"(?:[^"\\]|\\.)*"|'(?:[^'\\]|\\.)*'/g;
/** A name not glued to a number or a dot: `e3` in `1e3` and `x10` in `0x10` are digits. */
const NAME = /(?<![\w.$])[A-Za-z_$][\w$]*/g;

/**
 * The first name in `expression` that is not one of the parser's own operators,
 * functions or constants. expr-eval looks names up with `in`, which also finds
 * `Object.prototype` members: `isPrototypeOf(1)` would call a built-in that has nothing
 * to do with arithmetic. Checking own names first keeps the calculator to its maths.
 */
export function findUnknownName(expression: string, parser: Parser): string | undefined {
  const tables: ReadonlyArray<Record<string, unknown>> = [
    parser.unaryOps,
    parser.functions,
    parser.consts,
  ];
  for (const [name] of expression.replace(STRING_LITERAL, '""').matchAll(NAME)) {
    const known = !EXCLUDED.has(name) && tables.some((table) => Object.hasOwn(table, name));
    if (!known) return name;
  }
  return undefined;
}
