import { callLlm, type Llm } from "@langchain-mini/core";
import { renderSummaryPrompt } from "@langchain-mini/prompts";
import type { UpkeepContext } from "./history-strategy.js";

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
