import { generate, type Llm } from "@langchain-mini/core";
import { renderSummaryPrompt } from "@langchain-mini/prompts";

/** Folds new lines into the summary with the progressive-summary prompt. */
export async function updateSummary(
  llm: Llm,
  summary: string,
  newLines: string,
  signal?: AbortSignal,
) {
  const response = await generate(llm, {
    prompt: renderSummaryPrompt({ summary, newLines }),
    signal,
  });
  return response.text.trim() || summary;
}
