import { terminalText } from "@langchain-mini/host";
import type { CaseOutcome } from "../run/case-outcome.js";
import type { Score } from "./scorer.js";

/** Characters of foreign text (an answer, a judge's words) a reason shows. */
const SHOWN_CHARACTERS = 80;

/**
 * Foreign text (an answer, a pattern, a judge's reply) on one line for a reason: control
 * sequences and invisible characters removed, line breaks and runs of spaces made one
 * space, cut to `most` characters (80). Only the beginning of a huge text is read.
 */
export function oneLine(text: unknown, most = SHOWN_CHARACTERS): string {
  const raw = typeof text === "string" ? text : String(text);
  const line = terminalText(raw.slice(0, most * 8))
    .replace(/\s+/g, " ")
    .trim();
  const characters = [...line];
  const cut = characters.length > most || raw.length > most * 8;
  return `${characters.slice(0, most).join("")}${cut ? "…" : ""}`;
}

/** `oneLine` in quotes: what came, told apart from the words around it. */
export function shown(text: unknown): string {
  return `"${oneLine(text)}"`;
}

export function passed(reason: string, score = 1): Score {
  return { pass: true, score, reason };
}

export function failed(reason: string, score = 0): Score {
  return { pass: false, score, reason };
}

/**
 * Scores the run's answer with `test`, or fails when the run gave none, naming why: its
 * status and error code, so a failure reads "no answer: the run stopped (limit_steps)".
 */
export function withAnswer<Result extends Score | Promise<Score>>(
  outcome: CaseOutcome,
  test: (answer: string) => Result,
): Result | Score {
  if (outcome.status === "answered" && typeof outcome.answer === "string") {
    return test(outcome.answer);
  }
  return failed(noAnswer(outcome));
}

/** Why a run has no answer to score, in a few words. */
export function noAnswer(outcome: CaseOutcome): string {
  const error = outcome.error;
  const why = error ? ` (${error.code}: ${shown(error.message)})` : "";
  return outcome.status === "answered"
    ? "no answer: the run answered nothing"
    : `no answer: the run ${outcome.status}${why}`;
}

/** A string, or a non-empty list of them, each with something in it: else what it must be. */
export function stringsProblem(value: unknown, what: string): string | undefined {
  const list = typeof value === "string" ? [value] : value;
  const fine =
    Array.isArray(list) &&
    list.length > 0 &&
    list.every((item) => typeof item === "string" && item.trim() !== "");
  return fine ? undefined : `must be ${what} or a non-empty list of them`;
}

/** The value as a list of strings (check with `stringsProblem` first). */
export function stringsOf(value: unknown): readonly string[] {
  return typeof value === "string" ? [value] : (value as readonly string[]);
}
