import { checkJsonSchema, type InputIssue, type JsonSchema } from "@langchain-mini/core";
import { failed, oneLine, passed, shown, withAnswer } from "./score-text.js";
import type { Scorer } from "./scorer.js";

/** Issues a failure's reason lists; the rest are counted. */
const LISTED = 3;

// A fenced block, ```json or bare ```: models wrap JSON in one as often as not.
const FENCE = /```(?:json|JSON)?[^\S\n]*\n([\s\S]*?)\n[^\S\n]*```/;

/** `schema`: the answer (or the JSON block in it) is JSON valid against this JSON Schema. */
export const schemaScorer: Scorer = {
  name: "schema",
  check: (expected) =>
    typeof expected === "object" && expected !== null && !Array.isArray(expected)
      ? undefined
      : 'must be a JSON Schema object, such as { "type": "object", "required": ["city"] }',
  score: (expected, outcome) =>
    withAnswer(outcome, (answer) => {
      const parsed = parseJson(answer);
      if (!parsed.ok) return failed(`expected JSON (${parsed.why}), got ${shown(answer)}`);
      const issues = checkJsonSchema(expected as JsonSchema, parsed.value);
      if (issues.length === 0) return passed("is JSON valid against the schema");
      const listed = issues.slice(0, LISTED).map(describe).join("; ");
      const more = issues.length > LISTED ? `; and ${issues.length - LISTED} more` : "";
      return failed(`JSON does not match the schema: ${listed}${more}`);
    }),
};

type Parsed = { ok: true; value: unknown } | { ok: false; why: string };

function parseJson(answer: string): Parsed {
  const fenced = FENCE.exec(answer);
  const text = fenced ? (fenced[1] as string) : answer.trim();
  try {
    return { ok: true, value: JSON.parse(text) };
  } catch (error) {
    return { ok: false, why: oneLine((error as Error).message) };
  }
}

function describe(issue: InputIssue) {
  const where = issue.path === "" ? "the value" : issue.path;
  return `${oneLine(where)} ${oneLine(issue.message)}`;
}
