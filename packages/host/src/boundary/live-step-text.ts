import { parseReAct } from "@langchain-mini/core";

/**
 * Text that became certain with one delta of a step's completion: text that the step's
 * parsed event (its final answer, or in tools mode its words) will hold, after what
 * became certain before, so that it can be shown as it comes and never taken back.
 */
export interface LiveText {
  /** ReAct: the thought before `Final Answer:`; tools mode: "" (its text is all there is). */
  readonly thought: string;
  readonly added: string;
}

/** Reads one LLM call's deltas in order. */
export type LiveStepText = (delta: string) => LiveText | undefined;

/** Below this many characters the completion is parsed at every new line. */
const EAGER_PARSE_LIMIT = 4_096;

/**
 * A ReAct completion's final answer as it streams. The parser is the authority, so the
 * completion's complete lines are parsed again as they come: once they parse as a final
 * answer, the answer so far can only grow (a later line may end it, or be trimmed off),
 * while the last, unfinished line waits. Past a few kilobytes the parse waits for the
 * text to grow by an eighth, so the work stays linear in the completion's length.
 */
export function liveReActAnswer(): LiveStepText {
  let completion = "";
  let parsedLength = 0;
  let given = "";
  // An action came first (this step does not answer), or the answer changed its start.
  let done = false;
  return (delta) => {
    if (done) return undefined;
    completion += delta;
    const lines = completion.lastIndexOf("\n") + 1;
    const grown = lines - parsedLength;
    if (grown <= 0 || (lines > EAGER_PARSE_LIMIT && grown * 8 < parsedLength)) return undefined;
    parsedLength = lines;
    const parsed = parseReAct(completion.slice(0, lines));
    if (parsed.type === "action") done = true;
    if (parsed.type !== "final-answer") return undefined;
    if (!parsed.answer.startsWith(given)) {
      done = true;
      return undefined;
    }
    const added = parsed.answer.slice(given.length);
    given = parsed.answer;
    return added ? { thought: parsed.thought, added } : undefined;
  };
}

/**
 * A tools-mode completion as it streams: the model's own words, the final answer or what
 * it says before its tool calls, both trimmed once the call ends. Leading whitespace is
 * dropped and trailing whitespace held back until more text follows it.
 */
export function liveChatText(): LiveStepText {
  let started = false;
  let held = "";
  return (delta) => {
    const piece = held + (started ? delta : delta.trimStart());
    const added = piece.trimEnd();
    held = piece.slice(added.length);
    if (!added) return undefined;
    started = true;
    return { thought: "", added };
  };
}
