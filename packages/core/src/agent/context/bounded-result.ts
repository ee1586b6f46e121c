import { charactersWithin, estimateTextTokens } from "./estimate-tokens.js";

/**
 * How the model asks for more of a stored result in its agent mode: the line to write
 * (ReAct) or the call to make (native tool calls), from a result's id and an offset.
 */
export type ReadHint = (id: string, offset: number) => string;

/** The name of the built-in tool that reads stored results. */
export const READ_RESULT = "read_result";

/** What the marker line between a result's beginning and end may take, in tokens. */
const MARKER_TOKENS = 80;

/**
 * What the prompt shows of a tool result: all of it when it fits in `share` tokens, else
 * its beginning (two thirds) and end (one third), cut at line ends where one is near, with
 * a line between saying how much was left out and how to read it. The beginning holds a
 * page's title or a listing's first rows, the end a total or an error.
 */
export function boundResult(text: string, id: string, share: number, hint: ReadHint): string {
  // No character is estimated at more than one token.
  if (text.length <= share || estimateTextTokens(text) <= share) return text;
  const room = Math.max(0, share - MARKER_TOKENS);
  const headTokens = Math.floor((room * 2) / 3);
  let headEnd = atLineEnd(text, charactersWithin(text, headTokens), "back");
  let tailStart = atLineEnd(
    text,
    text.length - charactersWithin(text, room - headTokens, true),
    "forward",
  );
  headEnd = whole(text, headEnd);
  tailStart = Math.max(headEnd, whole(text, tailStart));
  const left = tailStart - headEnd;
  const marker = `[… ${count(left)} of ${count(text.length)} characters left out here. To read them: ${hint(id, headEnd)}]`;
  const head = text.slice(0, headEnd);
  return `${head}${head.endsWith("\n") ? "" : "\n"}${marker}\n${text.slice(tailStart)}`;
}

/** What stands for a result a compaction cleared from the prompt. */
export function clearedResult(text: string, id: string, hint: ReadHint): string {
  return `[Result ${id} (${count(text.length)} characters) was cleared to save room. To read it again: ${hint(id, 0)}]`;
}

/** Numbers as people read them: 48,213. */
export function count(value: number) {
  return value.toLocaleString("en-US");
}

/** Moves a cut to a line's end when one lies within the last (or first) fifth of the piece. */
function atLineEnd(text: string, cut: number, direction: "back" | "forward") {
  if (direction === "back") {
    const newline = text.lastIndexOf("\n", cut - 1);
    return newline >= 0 && newline >= cut - cut / 5 ? newline + 1 : cut;
  }
  const span = (text.length - cut) / 5;
  const newline = text.indexOf("\n", cut);
  return newline >= 0 && newline <= cut + span ? newline + 1 : cut;
}

/** A cut never splits a surrogate pair. */
function whole(text: string, cut: number) {
  const code = text.charCodeAt(cut);
  return cut > 0 && code >= 0xdc00 && code < 0xe000 ? cut - 1 : cut;
}
