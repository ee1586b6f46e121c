import type { Parser } from "expr-eval-fork";

/**
 * The names the README promises, and nothing else: expr-eval-fork also knows text and list
 * functions (`length`, `indexOf`, `join`, `map`, `if`), `random` (a replayed run would
 * observe another number) and `true`/`false`, none of which is arithmetic.
 */
const ARITHMETIC = new Set([
  ..."sqrt cbrt ceil floor round roundTo trunc abs sign exp log ln log2 log10 lg".split(" "),
  ..."sin cos tan asin acos atan atan2 sinh cosh tanh asinh acosh atanh".split(" "),
  ..."min max pow hypot fac gamma PI E".split(" "),
]);

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
    const known = ARITHMETIC.has(name) && tables.some((table) => Object.hasOwn(table, name));
    if (!known) return name;
  }
  return undefined;
}
