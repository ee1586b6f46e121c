/**
 * The ReAct output parser. It is deliberately forgiving about layout and strict about
 * meaning. The rules, in order:
 *
 * 1. Line endings are normalised (`\r\n` and `\r` become `\n`). Labels may be in any
 *    case, numbered (`Action 1:`), bold (`**Action:**`, `**Action**:`) and indented.
 * 2. Everything from the first line that starts with `Observation:` is dropped: a model
 *    that ignores the stop sequence invents observations (seed 000). So is a last line
 *    that is only the start of one (`Obs`), where a token limit cut the label short.
 * 3. Whichever of `Action:` and `Final Answer:` comes first wins. A final answer before an
 *    action is the answer (the action after it is ignored); an action before a final
 *    answer is run, because an answer written after it was made up without the
 *    observation. An action that cannot run (no tool name, no `Action Input:`) does not
 *    hide a final answer after it (`Action: None` then `Final Answer: …`).
 * 4. Only the first action counts when a completion repeats its action lines (seed 001).
 * 5. The tool name loses decoration (`[search]`, `` `search` ``, `**search**`, a final
 *    period) but keeps its case; the executor matches it case-insensitively. Its value
 *    may be on the next line; `Action Input:` may follow it on the same line; without an
 *    `Action Input:` line, the ReAct paper's `Action: Search[Apple Remote]` is the tool
 *    `Search` with the input `Apple Remote`.
 * 6. An action input runs to the next `Thought:`, `Action:`, `Action Input:`,
 *    `Final Answer:` or `Question:` line outside a fenced code block, so multi-line
 *    inputs and code keep their lines. Quotes around it are removed only when they are a
 *    balanced pair.
 * 7. A final answer runs to the end, or to an `Action:` or `Question:` line (a model that
 *    goes on inventing the next turn).
 * 8. Anything else is a format error whose message tells the model what is missing.
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

/**
 * A label: bold, numbered, in any case, then a colon. Each run of spaces has exactly one
 * quantifier that can match it, so a line of 100,000 spaces costs linear time, not
 * cubic (a model stuck repeating whitespace must not hang the parser).
 */
function labelBody(name: string) {
  return String.raw`(?:\*\*)?${name}(?:[ \t]*\d+)?(?:[ \t]*\*\*)?[ \t]*:(?:\*\*)?[ \t]*`;
}
/** A label at the start of a line, maybe indented. */
function label(name: string) {
  return String.raw`^[ \t]*${labelBody(name)}`;
}

const ACTION_INPUT = String.raw`Action(?:[ \t]*\d+)?[ \t]*Input`;
const observationLine = new RegExp(label("Observation"), "im");
const actionLine = new RegExp(
  `${label(String.raw`Action(?![ \t]*(?:\d+[ \t]*)?Input)`)}(.*)$`,
  "im",
);
const actionInputLine = new RegExp(label(ACTION_INPUT), "im");
const inlineActionInput = new RegExp(String.raw`(?:^|[ \t])${labelBody(ACTION_INPUT)}`, "i");
const finalAnswerLine = new RegExp(label(String.raw`Final[ \t]*Answer`), "im");
/** Lines that end an action input: the next step's labels. */
const inputEndLine = new RegExp(
  label(String.raw`(?:Thought|Action(?:(?:[ \t]*\d+)?[ \t]*Input)?|Final[ \t]*Answer|Question)`),
  "i",
);
/** Lines that end a final answer: an action or an invented next question. */
const answerEndLine = new RegExp(label("(?:Action|Question)"), "im");
const thoughtLabel = new RegExp(label("Thought"), "i");
const fenceLine = /^[ \t]*```/;

/** Cuts a completion at its first invented observation (rule 2). */
export function cutAtObservation(completion: string) {
  const match = observationLine.exec(completion);
  // The line break before the label goes too, as with the stop sequence `\nObservation:`.
  const text = match ? completion.slice(0, Math.max(0, match.index - 1)) : completion;
  // A last line like `Obs` or `Observ` is the label cut short by a token limit.
  const lastBreak = text.lastIndexOf("\n");
  const lastLine = text.slice(lastBreak + 1).trim();
  if (lastBreak !== -1 && lastLine.length >= 3 && "observation:".startsWith(lastLine.toLowerCase()))
    return text.slice(0, lastBreak);
  return text;
}

export function parseReAct(completion: string): ParsedStep {
  const normalised = completion.includes("\r") ? completion.replace(/\r\n?/g, "\n") : completion;
  const text = cutAtObservation(normalised);
  const action = actionLine.exec(text);
  const finalAnswer = finalAnswerLine.exec(text);

  if (finalAnswer && (!action || finalAnswer.index < action.index)) {
    return parseFinalAnswer(text, finalAnswer);
  }
  if (!action) return { type: "error", message: MISSING_ACTION };
  const step = parseAction(text, action);
  // An action that cannot run does not hide the answer written after it (rule 3).
  if (step.type === "error" && finalAnswer) return parseFinalAnswer(text, finalAnswer);
  return step;
}

function parseFinalAnswer(text: string, match: RegExpExecArray): ParsedStep {
  let answer = text.slice(match.index + match[0].length);
  const end = answerEndLine.exec(answer);
  if (end) answer = answer.slice(0, end.index);
  answer = answer.trim();
  if (!answer) return { type: "error", message: EMPTY_FINAL_ANSWER };
  return { type: "final-answer", answer, thought: thoughtBefore(text, match.index) };
}

function parseAction(text: string, match: RegExpExecArray): ParsedStep {
  const thought = thoughtBefore(text, match.index);
  let rest = text.slice(match.index + match[0].length);
  let value = match[1] ?? "";

  // `Action: search Action Input: paris`, all on one line.
  const inline = inlineActionInput.exec(value);
  if (inline) {
    rest = value.slice(inline.index + inline[0].length) + rest;
    value = value.slice(0, inline.index);
    return action(cleanToolName(value), readActionInput(rest), thought);
  }

  let tool = cleanToolName(value);
  if (!tool) {
    // `Action:` with the tool on the next non-blank line.
    const next = /^\n[ \t\n]*([^\n]*)/.exec(rest);
    const candidate = next?.[1] ?? "";
    if (next && candidate.trim() && !inputEndLine.test(candidate)) {
      tool = cleanToolName(candidate);
      rest = rest.slice(next[0].length);
    }
  }

  const inputMatch = actionInputLine.exec(rest);
  // The input must belong to this action, not to a later one.
  const between = inputMatch ? rest.slice(0, inputMatch.index).split("\n") : [];
  if (!inputMatch || between.some((line) => inputEndLine.test(line))) {
    // The ReAct paper's `Action: Search[Apple Remote]` carries its input in brackets.
    const bracketed = /^([^[\]]+)\[(.*)\]$/s.exec(tool);
    if (bracketed?.[1]?.trim()) return action(bracketed[1].trim(), bracketed[2] ?? "", thought);
    return { type: "error", message: tool ? MISSING_ACTION_INPUT : MISSING_TOOL_NAME };
  }
  return action(
    tool,
    readActionInput(rest.slice(inputMatch.index + inputMatch[0].length)),
    thought,
  );
}

function action(tool: string, input: string, thought: string): ParsedStep {
  if (!tool) return { type: "error", message: MISSING_TOOL_NAME };
  return { type: "action", tool, input: stripBalancedQuotes(input.trim()), thought };
}

/** The input's lines up to the next label outside a fenced code block (rule 6). */
function readActionInput(raw: string) {
  const lines = raw.split("\n");
  let inFence = false;
  let end = lines.length;
  for (let index = 0; index < lines.length; index++) {
    const line = lines[index] ?? "";
    if (fenceLine.test(line)) inFence = !inFence;
    else if (!inFence && index > 0 && inputEndLine.test(line)) {
      end = index;
      break;
    }
  }
  return lines.slice(0, end).join("\n");
}

/** `[search]`, `` `search` ``, `**search**` and `search.` all name `search`. */
export function cleanToolName(name: string) {
  let start = 0;
  let end = name.length;
  const trim = () => {
    while (start < end && /\s/.test(name[start] ?? "")) start++;
    while (end > start && /\s/.test(name[end - 1] ?? "")) end--;
  };
  trim();
  if (name[start] === "[" && name[end - 1] === "]") {
    start++;
    end--;
  }
  while (start < end && "`'\"*".includes(name[start] ?? "")) start++;
  while (end > start && "`'\"*.".includes(name[end - 1] ?? "")) end--;
  trim();
  return name.slice(start, end);
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
  const before = text.slice(0, index).trim();
  const label = thoughtLabel.exec(before);
  return (label ? before.slice(label[0].length) : before).trim();
}
