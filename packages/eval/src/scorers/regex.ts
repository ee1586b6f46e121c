import { failed, passed, shown, withAnswer } from "./score-text.js";
import type { Scorer } from "./scorer.js";

/**
 * The characters of an answer a pattern is tried on. JavaScript's regular expressions
 * backtrack and cannot be stopped once started: a pattern such as `.*.*x` takes time that
 * grows with a power of the text's length, so a model that rambles for megabytes could
 * hold the eval for hours. A long answer is tried on its beginning only. (A pattern that
 * backtracks exponentially, `(a|aa)+$`, is slow on any text: the suite's to avoid.)
 */
export const REGEX_TESTED_CHARACTERS = 10_000;

/** `g` and `y` keep state between tests; the others change what a pattern means. */
const ALLOWED_FLAGS = /^[imsuv]*$/;

/** `regex`: the answer matches this pattern, written bare or as `/…/flags`. */
export const regexScorer: Scorer = {
  name: "regex",
  check: (expected) => {
    if (typeof expected !== "string" || expected === "") {
      return 'must be a regular expression as a string, such as "^Paris" or "/paris/i"';
    }
    const compiled = compile(expected);
    return typeof compiled === "string" ? compiled : undefined;
  },
  score: (expected, outcome) =>
    withAnswer(outcome, (answer) => {
      const pattern = compile(String(expected));
      if (typeof pattern === "string") return failed(pattern);
      const tried = answer.slice(0, REGEX_TESTED_CHARACTERS);
      if (pattern.test(tried)) return passed(`matches ${shown(String(pattern))}`);
      const part =
        tried.length < answer.length ? ` (its first ${REGEX_TESTED_CHARACTERS} characters)` : "";
      return failed(`expected a match for ${shown(String(pattern))}, got ${shown(answer)}${part}`);
    }),
};

/** The pattern, or why it is not one. */
function compile(text: string): RegExp | string {
  const literal = /^\/(.+)\/([a-z]*)$/s.exec(text);
  const source = literal ? (literal[1] as string) : text;
  const flags = literal ? (literal[2] as string) : "";
  if (!ALLOWED_FLAGS.test(flags)) {
    return `has flags ${shown(flags)}: only i, m, s, u and v are allowed`;
  }
  try {
    return new RegExp(source, flags);
  } catch (error) {
    return `is not a valid regular expression: ${shown((error as Error).message)}`;
  }
}
