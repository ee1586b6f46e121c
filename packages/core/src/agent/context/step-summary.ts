import { renderStepSummaryPrompt } from "@langchain-mini/prompts";
import { clearedResult } from "./bounded-result.js";
import type { ShownResult, Transcript } from "./transcript.js";

/**
 * The summariser's prompt for the oldest `summarised` steps: the summary so far and
 * those steps as the prompt showed them, their oldest results cleared as far as needed to
 * keep the call within `limit` tokens.
 */
export function stepSummaryPrompt(
  transcript: Transcript,
  summarised: number,
  question: string,
  limit: number,
): string {
  const steps = transcript.steps.slice(0, summarised);
  let tokens = 0;
  for (const step of steps) tokens += transcript.stepTokens(step);
  const brief = new Set<ShownResult>();
  for (const result of steps.flatMap((step) => step.results)) {
    if (tokens <= limit) break;
    if (!transcript.worthClearing(result)) continue;
    brief.add(result);
    tokens -= result.tokens - transcript.clearedTokens(result);
  }
  const { hint } = transcript.context;
  const shown = (result: ShownResult) =>
    brief.has(result) ? clearedResult(result.whole, result.id, hint) : result.shown;
  return renderStepSummaryPrompt({
    question,
    summary: transcript.summary?.text ?? "",
    newSteps: steps.map((step) => transcript.stepLines(step, shown)).join("\n\n"),
  });
}

/** The summary a compaction keeps: the model's, or the one before it when the model gave none. */
export function summaryText(completion: string, before: string | undefined, through: number) {
  return completion.trim() || before || `(Steps 1 to ${through} could not be summarised.)`;
}
