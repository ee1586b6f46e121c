import { renderTemplate } from "./render.js";

/** Seed 000's prompt that turns a follow-up into a standalone question. */
export const CONDENSE_QUESTION_TEMPLATE = `Given the following conversation and a follow up question, rephrase the follow up question to be a standalone question.
Chat History:
{chat_history}
Follow Up Input: {question}
Standalone question:`;

export interface ChatTurn {
  readonly question: string;
  readonly answer: string;
}

/** `Q: …` / `A: …` lines, the history format of the seeds. */
export function formatChatHistory(turns: readonly ChatTurn[]) {
  return turns.map((turn) => `Q: ${turn.question}\nA: ${turn.answer}`).join("\n");
}

export function renderCondenseQuestionPrompt(input: {
  readonly question: string;
  readonly history: readonly ChatTurn[] | string;
  readonly template?: string;
}) {
  const history =
    typeof input.history === "string" ? input.history : formatChatHistory(input.history);
  return renderTemplate(input.template ?? CONDENSE_QUESTION_TEMPLATE, {
    chat_history: history,
    question: input.question,
  });
}
