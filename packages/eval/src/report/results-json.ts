import { LangchainMiniError } from "@langchain-mini/core";
import { jsonText } from "@langchain-mini/host";
import type { CaseResult, EvalReport } from "../run/case-result.js";
import { summariseModels } from "./summarise.js";

/**
 * The `--json` file: one JSON document `{ suite, startedAt, durationMs, models, results }`,
 * indented by two spaces. Lossless (answers and trajectories as they came), and safe to
 * `cat`: characters a terminal would act on are written as `\uXXXX` escapes.
 */
export function resultsJson(report: EvalReport): string {
  const { suite, startedAt, durationMs, models, results } = report;
  return `${jsonText({ suite, startedAt, durationMs, models, results }, 2)}\n`;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** What is wrong with one result, or undefined when a baseline can use it. */
function resultProblem(value: unknown): string | undefined {
  if (!isRecord(value)) return "is not an object";
  if (typeof value.model !== "string") return "has no model";
  if (typeof value.caseId !== "string") return "has no caseId";
  if (!Number.isInteger(value.trial) || (value.trial as number) < 1) {
    return "has no trial (a whole number from 1)";
  }
  if (typeof value.pass !== "boolean") return "has no pass (true or false)";
  if (value.scores !== undefined && !isRecord(value.scores))
    return "has scores that are not an object";
  if (value.cost !== undefined && typeof value.cost !== "number")
    return "has a cost that is not a number";
  if (
    !isRecord(value.tokens) ||
    typeof value.tokens.input !== "number" ||
    typeof value.tokens.output !== "number"
  ) {
    return "has no tokens ({ input, output })";
  }
  if (typeof value.durationMs !== "number") return "has no durationMs";
  if (typeof value.steps !== "number") return "has no steps";
  return undefined;
}

/**
 * A `--json` file read back (a `--baseline`): its results checked, its model rows made
 * again from them. A file that is not one fails with one line naming the file and what to
 * do (code `config_invalid`).
 */
export function readResultsJson(text: string, source = "the baseline"): EvalReport {
  const fail = (problem: string) =>
    new LangchainMiniError(
      "config_invalid",
      `${source} is not a results file of \`langchain-mini eval --json\`: ${problem}; give a file an earlier \`eval --json <file>\` wrote`,
    );
  let document: unknown;
  try {
    document = JSON.parse(text);
  } catch {
    throw fail("it is not JSON");
  }
  if (!isRecord(document) || !Array.isArray(document.results)) throw fail("it has no results list");
  const results = document.results as unknown[];
  for (const [index, result] of results.entries()) {
    const problem = resultProblem(result);
    if (problem) throw fail(`result ${index + 1} ${problem}`);
  }
  const checked = results as CaseResult[];
  return {
    suite: typeof document.suite === "string" ? document.suite : "",
    startedAt: typeof document.startedAt === "string" ? document.startedAt : "",
    durationMs: typeof document.durationMs === "number" ? document.durationMs : 0,
    models: summariseModels(checked),
    results: checked.map((result) => ({ ...result, scores: result.scores ?? {} })),
  };
}
