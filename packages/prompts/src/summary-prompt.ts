import { renderTemplate } from "./render.js";

/**
 * A progressive summary, in the manner of LangChain's summary memory: the model folds
 * the newest lines of a conversation into the summary so far, so each update costs one
 * turn's worth of tokens, never the whole history.
 */
export const SUMMARY_TEMPLATE = `Update the running summary of a conversation: fold the new lines into the summary so far and return the new summary. Keep every fact, name and number the questions may refer back to; be brief.

EXAMPLE
Summary so far:
The user asked for the high temperature in SF yesterday; it was 54°F.

New lines of conversation:
Q: What is that in celsius?
A: 54°F is 12.2°C.

New summary:
The user asked for the high temperature in SF yesterday; it was 54°F, which is 12.2°C.
END OF EXAMPLE

Summary so far:
{summary}

New lines of conversation:
{new_lines}

New summary:`;

export function renderSummaryPrompt(input: {
  readonly summary: string;
  readonly newLines: string;
  readonly template?: string;
}) {
  return renderTemplate(input.template ?? SUMMARY_TEMPLATE, {
    summary: input.summary || "(nothing yet)",
    new_lines: input.newLines,
  });
}
