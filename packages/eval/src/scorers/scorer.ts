import type { Llm } from "@langchain-mini/core";
import type { CaseOutcome } from "../run/case-outcome.js";

/** What one scorer said about one run. */
export interface Score {
  readonly pass: boolean;
  /** 0 to 1; 1 or 0 for a scorer that only passes or fails. */
  readonly score: number;
  /** One line a person reads next to a failure: what was expected, what came. */
  readonly reason: string;
  /** A judge's own LLM spending, counted apart from the run's. */
  readonly cost?: number;
  readonly tokens?: { readonly input: number; readonly output: number };
}

/** What a scorer may use besides the run: the judge's model, the run's signal. */
export interface ScoreContext {
  readonly signal: AbortSignal;
  /**
   * What the case asked (its question, or its last turn), for scorers that grade the
   * answer against it: a judge. `scoreCase` fills it in from the case when not given.
   */
  readonly question?: string;
  /** The model that grades (`--judge` or the suite's), when one is configured. */
  readonly judge?: Llm;
  /** Opens the model a case's judge names (`{ "rubric": …, "llm": "openai:gpt-4.1" }`). */
  readonly openJudge?: (spec: string) => Promise<Llm>;
}

/**
 * A scorer: a key of a case, and how to check a run against that key's value. Built-ins
 * and plug-ins (`--scorer <module>`, whose default export or `scorer`/`scorers` export is
 * one or a list) are the same shape.
 */
export interface Scorer {
  /** The case key it reads, e.g. `includes`. */
  readonly name: string;
  /**
   * Checks the key's value when the suite is read: a message saying what is wrong (it
   * names the case and key around it), or undefined when it is fine.
   */
  check?(expected: unknown): string | undefined;
  score(expected: unknown, outcome: CaseOutcome, context: ScoreContext): Score | Promise<Score>;
}
