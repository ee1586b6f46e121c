import { describeParameters, type ParametersSchema } from "./describe-parameters.js";
import { renderTemplate } from "./render.js";

/**
 * The ReAct prompt of the seeds (LangChain's zero-shot agent), with today's date added
 * because models otherwise argue with fresh search results (seed 003).
 */
export const REACT_TEMPLATE = `Answer the following questions as best you can. Today is {today}. You have access to the following tools:

{tools}

Use the following format:

Question: the input question you must answer
Thought: you should always think about what to do
Action: the action to take, should be one of [{tool_names}]
Action Input: the input to the action
Observation: the result of the action
... (this Thought/Action/Action Input/Observation can repeat N times)
Thought: I now know the final answer
Final Answer: the final answer to the original input question

Begin!

Question: {question}
Thought:`;

export interface ToolDescription {
  readonly name: string;
  readonly description: string;
  /** A typed tool's arguments (JSON Schema): the prompt shows the JSON object to write. */
  readonly parameters?: ParametersSchema;
}

export interface ReactPromptInput {
  readonly question: string;
  readonly tools: readonly ToolDescription[];
  /** Defaults to the local date as YYYY-MM-DD. */
  readonly today?: string;
  readonly template?: string;
}

export function formatToday(date = new Date()) {
  const pad = (value: number) => String(value).padStart(2, "0");
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** Renders the first prompt of a run; later steps only append to it (see `appendStep`). */
export function renderReactPrompt(input: ReactPromptInput) {
  return renderTemplate(input.template ?? REACT_TEMPLATE, {
    today: input.today ?? formatToday(),
    tools: input.tools.map(describeTool).join("\n"),
    // Every tool name: the original's hard-coded `[search]` hid the calculator.
    tool_names: input.tools.map((tool) => tool.name).join(", "),
    question: input.question,
  });
}

function describeTool(tool: ToolDescription) {
  const line = `${tool.name}: ${tool.description}`;
  return tool.parameters ? `${line}\n${describeParameters(tool.parameters)}` : line;
}

/**
 * The next step's prompt: the previous prompt, the model's completion, the observation
 * and a fresh `Thought:`. It extends `prompt` byte for byte, so provider prefix caches hit.
 */
export function appendStep(prompt: string, completion: string, observation: string) {
  return prompt + stepText(completion, observation);
}

/** What one step adds to the prompt: the completion, its observation, the next `Thought:`. */
export function stepText(completion: string, observation: string) {
  return `${completion.trimEnd()}\nObservation: ${observation}\nThought:`;
}

/** Appended when the step limit is reached and the agent asks for an answer anyway. */
export const FORCE_FINAL_ANSWER_SUFFIX =
  "\n\nI now need to return a final answer based on the previous steps:\nFinal Answer:";
