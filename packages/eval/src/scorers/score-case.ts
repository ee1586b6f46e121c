import { describeThrown } from "@langchain-mini/core";
import type { CaseOutcome } from "../run/case-outcome.js";
import type { EvalCase } from "../suite/eval-case.js";
import { failed, oneLine } from "./score-text.js";
import type { Score, ScoreContext, Scorer } from "./scorer.js";

/** A reason's length at most: a line of a report, with room for two quoted texts. */
const REASON_CHARACTERS = 400;

/** A run's scores: what a `CaseResult` takes from its scorers. */
export interface CaseScores {
  /** The run answered and every scorer of the case passed. */
  readonly pass: boolean;
  /** By scorer name (the case's key), for the scorers the case names. */
  readonly scores: Readonly<Record<string, Score>>;
  /** What the scorers spent on models of their own (judges), when any did. */
  readonly judgeCost?: number;
}

/**
 * Scores one run with every scorer whose key the case has, one after the other (a judge
 * is a model call: the eval's queue already decides how many run at once). A scorer that
 * throws, or is given a value its `check` refuses, fails with that message; only the
 * eval's own abort passes through.
 */
export async function scoreCase(
  evalCase: EvalCase,
  outcome: CaseOutcome,
  scorers: readonly Scorer[],
  context: ScoreContext,
): Promise<CaseScores> {
  const question = context.question ?? lastQuestion(evalCase);
  const withQuestion = question === undefined ? context : { ...context, question };
  const scores: Array<[string, Score]> = [];
  for (const scorer of scorers) {
    // Own keys only: a case read from JSON inherits `constructor` and the like.
    if (!Object.hasOwn(evalCase, scorer.name)) continue;
    scores.push([
      scorer.name,
      await scoreOne(scorer, evalCase[scorer.name], outcome, withQuestion),
    ]);
  }
  const answered = outcome.status === "answered";
  const costs = scores.flatMap(([, score]) => (score.cost === undefined ? [] : [score.cost]));
  return {
    pass: answered && scores.every(([, score]) => score.pass),
    scores: Object.fromEntries(scores),
    ...(costs.length > 0 ? { judgeCost: costs.reduce((sum, cost) => sum + cost, 0) } : {}),
  };
}

async function scoreOne(
  scorer: Scorer,
  expected: unknown,
  outcome: CaseOutcome,
  context: ScoreContext,
): Promise<Score> {
  try {
    const problem = scorer.check?.(expected);
    if (problem !== undefined) return failed(`${scorer.name} ${oneLine(problem)}`);
    return wellFormed(await scorer.score(expected, outcome, context), scorer.name);
  } catch (error) {
    if (context.signal.aborted) throw error;
    return failed(`the scorer ${scorer.name} failed: ${oneLine(describeThrown(error))}`);
  }
}

/** A plug-in's score kept to the contract: a boolean pass, a score 0 to 1, one line. */
function wellFormed(score: unknown, name: string): Score {
  if (typeof score !== "object" || score === null || typeof (score as Score).pass !== "boolean") {
    return failed(`the scorer ${name} broke its contract: its score has no pass true or false`);
  }
  const { pass, score: value, reason, cost, tokens } = score as Score;
  const inRange = typeof value === "number" && value >= 0 && value <= 1;
  return {
    pass,
    score: inRange ? value : pass ? 1 : 0,
    reason: typeof reason === "string" ? oneLine(reason, REASON_CHARACTERS) : "",
    ...(typeof cost === "number" && Number.isFinite(cost) && cost >= 0 ? { cost } : {}),
    ...(validTokens(tokens) ? { tokens: { input: tokens.input, output: tokens.output } } : {}),
  };
}

function validTokens(tokens: unknown): tokens is { input: number; output: number } {
  if (typeof tokens !== "object" || tokens === null) return false;
  const { input, output } = tokens as { input?: unknown; output?: unknown };
  return Number.isSafeInteger(input) && Number.isSafeInteger(output);
}

/** What the case asked last: its question, or its last turn. */
function lastQuestion(evalCase: EvalCase): string | undefined {
  if (typeof evalCase.question === "string") return evalCase.question;
  const turns = evalCase.turns;
  const last = Array.isArray(turns) ? turns[turns.length - 1] : undefined;
  return typeof last === "string" ? last : undefined;
}
