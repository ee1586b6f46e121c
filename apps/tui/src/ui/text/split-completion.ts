/** The labelled parts of a ReAct completion, as far as it has streamed. */
export interface CompletionParts {
  readonly thought: string;
  readonly action?: string;
  readonly actionInput?: string;
  readonly finalAnswer?: string;
}

const LABEL = /^[ \t]*(Thought|Action Input|Action|Final Answer)[ \t]*:[ \t]?/gm;

type Section = "thought" | "action" | "actionInput" | "finalAnswer";
const sectionOf: Record<string, Section> = {
  Thought: "thought",
  Action: "action",
  "Action Input": "actionInput",
  "Final Answer": "finalAnswer",
};

/**
 * Splits a completion that is still streaming into Thought, Action, Action Input and
 * Final Answer, so each shows under its label while it arrives. Lenient on purpose: the
 * parser in core has the last word once the step ends.
 */
export function splitCompletion(completion: string): CompletionParts {
  const parts: Partial<Record<Section, string>> = {};
  let section: Section = "thought";
  let start = 0;
  for (const match of completion.matchAll(LABEL)) {
    append(parts, section, completion.slice(start, match.index));
    section = sectionOf[match[1] as string] ?? "thought";
    start = match.index + match[0].length;
    parts[section] ??= "";
  }
  append(parts, section, completion.slice(start));
  return {
    thought: (parts.thought ?? "").trim(),
    ...(parts.action !== undefined && { action: parts.action.trim() }),
    ...(parts.actionInput !== undefined && { actionInput: parts.actionInput.trim() }),
    ...(parts.finalAnswer !== undefined && { finalAnswer: parts.finalAnswer.trim() }),
  };
}

function append(parts: Partial<Record<Section, string>>, section: Section, text: string) {
  parts[section] = (parts[section] ?? "") + text;
}
