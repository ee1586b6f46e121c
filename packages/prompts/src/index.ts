export {
  type ChatTurn,
  CONDENSE_QUESTION_TEMPLATE,
  formatChatHistory,
  renderCondenseQuestionPrompt,
} from "./condense-question.js";
export { describeParameters, type ParametersSchema } from "./describe-parameters.js";
export {
  appendStep,
  FORCE_FINAL_ANSWER_SUFFIX,
  formatToday,
  REACT_TEMPLATE,
  type ReactPromptInput,
  renderReactPrompt,
  stepText,
  type ToolDescription,
} from "./react-prompt.js";
export { MissingVariableError, renderTemplate, templateVariables } from "./render.js";
export { renderStepSummaryPrompt, STEP_SUMMARY_TEMPLATE } from "./step-summary-prompt.js";
export { renderSummaryPrompt, SUMMARY_TEMPLATE } from "./summary-prompt.js";
