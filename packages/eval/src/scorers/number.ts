import type { NumberSpec } from "../suite/eval-case.js";
import { numbersIn } from "./numbers-in.js";
import { failed, passed, shown, withAnswer } from "./score-text.js";
import type { Scorer } from "./scorer.js";

const DEFAULT_TOLERANCE = 1e-6;
/** Numbers of the answer a failure's reason lists. */
const LISTED = 5;

/**
 * `number`: a number written in the answer (`404.6`, `1,234.5`, `-3`, `6.02e23`) equals
 * this one within the tolerance, absolute, default 1e-6.
 */
export const numberScorer: Scorer = {
  name: "number",
  check: (expected) => specProblem(expected),
  score: (expected, outcome) =>
    withAnswer(outcome, (answer) => {
      const { value, tolerance } = specOf(expected as NumberSpec);
      const wanted = `${value} ± ${tolerance}`;
      const seen: number[] = [];
      for (const found of numbersIn(answer)) {
        if (near(found, value, tolerance)) return passed(`found ${found} (expected ${wanted})`);
        if (seen.length < LISTED) seen.push(found);
      }
      if (seen.length === 0) return failed(`expected ${wanted}, no number in ${shown(answer)}`);
      return failed(`expected ${wanted}, found ${seen.join(", ")} in ${shown(answer)}`);
    }),
};

function specOf(spec: NumberSpec) {
  return typeof spec === "number"
    ? { value: spec, tolerance: DEFAULT_TOLERANCE }
    : { value: spec.value, tolerance: spec.tolerance ?? DEFAULT_TOLERANCE };
}

/** Within the tolerance, or as near as the numbers' own rounding allows. */
function near(found: number, value: number, tolerance: number) {
  const rounding = Number.EPSILON * Math.max(Math.abs(found), Math.abs(value));
  return Math.abs(found - value) <= tolerance + rounding;
}

const SPEC_FIELDS = new Set(["value", "tolerance"]);
const SHAPE = 'must be a number, or { "value": <number>, "tolerance": <number, 0 or more> }';

function specProblem(spec: unknown): string | undefined {
  if (typeof spec === "number") return Number.isFinite(spec) ? undefined : SHAPE;
  if (typeof spec !== "object" || spec === null || Array.isArray(spec)) return SHAPE;
  const unknown = Object.keys(spec).find((key) => !SPEC_FIELDS.has(key));
  if (unknown !== undefined) return `has ${shown(unknown)}, which is not value or tolerance`;
  const { value, tolerance } = spec as { value?: unknown; tolerance?: unknown };
  if (typeof value !== "number" || !Number.isFinite(value)) return SHAPE;
  if (tolerance === undefined) return undefined;
  const fine = typeof tolerance === "number" && Number.isFinite(tolerance) && tolerance >= 0;
  return fine ? undefined : SHAPE;
}
