import type { JsonSchema } from "@langchain-mini/core";

/**
 * A judge's instructions: a rubric alone (the suite's or `--judge`'s model grades), or a
 * rubric with the model that grades it.
 */
export type JudgeSpec = string | { readonly rubric: string; readonly llm?: string };

/** A number expected in the answer, within a tolerance (absolute; default 1e-6). */
export type NumberSpec = number | { readonly value: number; readonly tolerance?: number };

/**
 * One case of a suite, as one line of JSONL or one item of YAML. Each scorer is a key of
 * the case, so a suite reads at a glance: `{"id": "periods", "question": "…", "includes": "404"}`.
 */
export interface EvalCase {
  /** Unique in the suite; names the case in every report. */
  readonly id: string;
  /** The question; or `turns`, a conversation whose last answer is scored. */
  readonly question?: string;
  /** Follow-ups asked in one conversation, in order: memory rewrites each after the first. */
  readonly turns?: readonly string[];
  /** `--tools` for this case: comma-separated names; default the eval's. */
  readonly tools?: string;
  /** Limits for this case's runs, over the eval's (`--max-steps`, `--max-cost`, …). */
  readonly limits?: CaseLimits;

  // Scorers: each present key is checked; the case passes when all pass.
  /** The answer, trimmed, equals this. */
  readonly exact?: string;
  /** The answer contains this (each of these), ignoring case. */
  readonly includes?: string | readonly string[];
  /** The answer matches this regular expression (JavaScript syntax, flags as `/…/i`). */
  readonly regex?: string;
  /** A number in the answer equals this within the tolerance. */
  readonly number?: NumberSpec;
  /** The answer is JSON valid against this JSON Schema. */
  readonly schema?: JsonSchema;
  /** The run called this tool (each of these) at least once. */
  readonly usesTool?: string | readonly string[];
  /** The run never called this tool (any of these). */
  readonly avoidsTool?: string | readonly string[];
  /** The run took at most this many steps (agent LLM calls). */
  readonly maxSteps?: number;
  /** A judge model grades the answer against a rubric; its cost is counted apart. */
  readonly judge?: JudgeSpec;
  /** Scorers loaded by `--scorer <module>` read their own keys: kept as they came. */
  readonly [scorer: string]: unknown;
}

export interface CaseLimits {
  readonly maxSteps?: number;
  readonly maxCost?: number;
  readonly maxTokens?: number;
  readonly maxTokensTotal?: number;
  readonly maxTimeMs?: number;
}

/** A suite read and checked: its cases, and the models it names (a matrix) if any. */
export interface EvalSuite {
  /** Where it was read from, or a name given by a program. */
  readonly name: string;
  readonly cases: readonly EvalCase[];
  /** `llm` specs the suite asks for when `--llm` gives none. */
  readonly models?: readonly string[];
  /** The judge's model when a case's judge names none and `--judge` is not given. */
  readonly judge?: string;
}
