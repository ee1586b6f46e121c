/**
 * The ReAct output parser. It is deliberately forgiving about layout and strict about
 * meaning. The rules, in order:
 *
 * 1. Everything from the first line that starts with `Observation:` is dropped: a model
 *    that ignores the stop sequence invents observations (seed 000).
 * 2. Whichever of `Action:` and `Final Answer:` comes first wins. A final answer before an
 *    action is the answer; an action before a final answer is run, because an answer
 *    written after it was made up without the observation.
 * 3. Only the first action counts when a completion repeats its action lines (seed 001).
 * 4. Tool names are matched by the executor, case-insensitively and without brackets.
 * 5. Quotes around an action input are removed only when they are a balanced pair.
 * 6. Anything else is a format error whose message tells the model what is missing.
 */
export type ParsedStep =
  | {
      readonly type: "action";
      readonly tool: string;
      readonly input: string;
      readonly thought: string;
    }
  | { readonly type: "final-answer"; readonly answer: string; readonly thought: string }
  | { readonly type: "error"; readonly message: string };

export const MISSING_ACTION = "Invalid format: missing 'Action:' after 'Thought:'";
export const MISSING_ACTION_INPUT = "Invalid format: missing 'Action Input:' after 'Action:'";
export const MISSING_TOOL_NAME = "Invalid format: missing the tool name after 'Action:'";
export const EMPTY_FINAL_ANSWER = "Invalid format: missing the answer after 'Final Answer:'";

const observationLine = /(?:^|\n)[ \t]*Observation[ \t]*\d*[ \t]*:/i;
const actionLine = /^[ \t]*(?:\*\*)?Action(?![ \t]*Input)[ \t]*\d*[ \t]*:(?:\*\*)?[ \t]*(.*)$/im;
const actionInputLine =
  /^[ \t]*(?:\*\*)?Action[ \t]*\d*[ \t]*Input[ \t]*\d*[ \t]*:(?:\*\*)?[ \t]*/im;
const finalAnswerLine = /^[ \t]*(?:\*\*)?Final[ \t]*Answer[ \t]*:(?:\*\*)?[ \t]*/im;
// Lines that end an action input: the next step's markers.
const nextMarkerLine =
  /^[ \t]*(?:\*\*)?(?:Action[ \t]*\d*[ \t]*:|Thought[ \t]*:|Final[ \t]*Answer[ \t]*:|Observation[ \t]*\d*[ \t]*:)/im;

/** Cuts a completion at its first invented observation (rule 1). */
export function cutAtObservation(completion: string) {
  const match = observationLine.exec(completion);
  return match ? completion.slice(0, match.index) : completion;
}

export function parseReAct(completion: string): ParsedStep {
  const text = cutAtObservation(completion);
  const action = actionLine.exec(text);
  const finalAnswer = finalAnswerLine.exec(text);

  if (finalAnswer && (!action || finalAnswer.index < action.index)) {
    return parseFinalAnswer(text, finalAnswer);
  }
  if (!action) return { type: "error", message: MISSING_ACTION };
  return parseAction(text, action);
}

function parseFinalAnswer(text: string, match: RegExpExecArray): ParsedStep {
  let answer = text.slice(match.index + match[0].length);
  // An action the model wrote after its answer is ignored with the rest of the step.
  const trailingAction = actionLine.exec(answer);
  if (trailingAction) answer = answer.slice(0, trailingAction.index);
  answer = answer.trim();
  if (!answer) return { type: "error", message: EMPTY_FINAL_ANSWER };
  return { type: "final-answer", answer, thought: thoughtBefore(text, match.index) };
}

function parseAction(text: string, match: RegExpExecArray): ParsedStep {
  const afterActionLine = match.index + match[0].length;
  let tool = (match[1] ?? "").trim();
  let searchFrom = afterActionLine;
  if (!tool) {
    // `Action:` with the tool on the next non-blank line.
    const next = /^\n[ \t\n]*([^\n]*)/.exec(text.slice(afterActionLine));
    const candidate = next?.[1]?.trim() ?? "";
    if (candidate && !actionInputLine.test(candidate) && !nextMarkerLine.test(candidate)) {
      tool = candidate;
      searchFrom = afterActionLine + (next?.[0].length ?? 0);
    }
  }
  if (!tool) return { type: "error", message: MISSING_TOOL_NAME };

  const rest = text.slice(searchFrom);
  const inputMatch = actionInputLine.exec(rest);
  if (!inputMatch) return { type: "error", message: MISSING_ACTION_INPUT };
  // The input must belong to this action, not to a later one.
  const between = rest.slice(0, inputMatch.index);
  if (nextMarkerLine.test(between)) return { type: "error", message: MISSING_ACTION_INPUT };

  const input = readActionInput(rest.slice(inputMatch.index + inputMatch[0].length));
  return { type: "action", tool, input, thought: thoughtBefore(text, match.index) };
}

function readActionInput(raw: string) {
  const body = raw.replace(/^[ \t]*\n/, "");
  if (/^[ \t]*```/.test(body)) {
    // A fenced block is kept whole, markers inside it and all.
    const close = /\n[ \t]*```[^\n]*/.exec(body.slice(body.indexOf("```") + 3));
    if (close) return body.slice(0, body.indexOf("```") + 3 + close.index + close[0].length).trim();
    return body.trim();
  }
  const end = nextMarkerLine.exec(body);
  return stripBalancedQuotes((end ? body.slice(0, end.index) : body).trim());
}

/** `"population of Paris"` loses its quotes; `git commit -m "My change"` keeps them. */
export function stripBalancedQuotes(value: string) {
  const first = value[0];
  if (value.length < 2 || (first !== '"' && first !== "'" && first !== "`")) return value;
  if (value[value.length - 1] !== first) return value;
  const inner = value.slice(1, -1);
  return inner.includes(first) ? value : inner;
}

function thoughtBefore(text: string, index: number) {
  return text
    .slice(0, index)
    .replace(/^[ \t\n]*(?:Thought[ \t]*:)?/i, "")
    .trim();
}
