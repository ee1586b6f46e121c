import { renderTemplate } from "./render.js";

/**
 * The progressive summary of a long run's oldest steps: when an agent's prompt would no
 * longer fit the model's window, its oldest steps are folded into this summary, each time
 * into the summary so far, so a run compacted many times pays for each step once.
 */
export const STEP_SUMMARY_TEMPLATE = `An agent is answering a question with tools, and its notes no longer fit: fold its newest steps into the summary of its work so far and return the new summary. Keep every fact, name, number and partial result the answer may need, what was tried and failed, and the ids of results worth reading again; drop the rest. Be brief: a few short paragraphs at most.

Question: {question}

Summary so far:
{summary}

New steps:
{new_steps}

New summary:`;

export function renderStepSummaryPrompt(input: {
  readonly question: string;
  readonly summary: string;
  readonly newSteps: string;
  readonly template?: string;
}) {
  return renderTemplate(input.template ?? STEP_SUMMARY_TEMPLATE, {
    question: input.question,
    summary: input.summary || "(nothing yet)",
    new_steps: input.newSteps,
  });
}
