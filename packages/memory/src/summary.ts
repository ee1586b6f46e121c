import { callLlm, type Emit, type Llm } from "@langchain-mini/core";
import { renderSummaryPrompt } from "@langchain-mini/prompts";

/** What upkeep gets: the turn's signal, and its event stream for the LLM calls it makes. */
export interface UpkeepContext {
  readonly signal: AbortSignal;
  /** Memory's calls carry a purpose ("summary"), as the rewrite does ("rewrite"). */
  readonly emit: Emit;
}

/** Folds new lines into the summary with the progressive-summary prompt. */
export async function updateSummary(
  llm: Llm,
  summary: string,
  newLines: string,
  { signal, emit }: UpkeepContext,
) {
  const prompt = renderSummaryPrompt({ summary, newLines });
  const call = await callLlm(llm, { prompt, signal }, { step: 0, purpose: "summary" }, emit);
  return call.completion.trim() || summary;
}
