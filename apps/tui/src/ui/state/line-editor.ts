import { type HistorySearch, type SearchEdit, searched } from "./history-search.js";

/** The input line: its text, the cursor, and the questions asked before (Up / Down). */
export interface LineState {
  readonly text: string;
  readonly cursor: number;
  readonly history: readonly string[];
  /** Where Up / Down are in `history`; `history.length` is the line being typed. */
  readonly historyIndex: number;
  /** What was being typed before Up, given back by Down past the newest question. */
  readonly draft: string;
  /** Ctrl+R is searching earlier questions; the line shows the match until accepted. */
  readonly search?: HistorySearch;
}

export type LineEdit =
  | { readonly type: "insert"; readonly text: string }
  | { readonly type: "backspace" }
  | { readonly type: "delete" }
  | { readonly type: "left" }
  | { readonly type: "right" }
  | { readonly type: "home" }
  | { readonly type: "end" }
  | { readonly type: "kill-line" }
  | { readonly type: "older" }
  | { readonly type: "newer" }
  /** Enter: the line goes into history and the editor empties. */
  | { readonly type: "submit" }
  | SearchEdit;

export const EMPTY_LINE: LineState = {
  text: "",
  cursor: 0,
  history: [],
  historyIndex: 0,
  draft: "",
};

export function editLine(state: LineState, edit: LineEdit): LineState {
  const { text, cursor } = state;
  switch (edit.type) {
    case "insert": {
      // Pasted newlines would submit half a question: a line is one line.
      const clean = edit.text.replace(/[\r\n]+/g, " ");
      return {
        ...state,
        text: text.slice(0, cursor) + clean + text.slice(cursor),
        cursor: cursor + clean.length,
      };
    }
    case "backspace":
      if (cursor === 0) return state;
      return { ...state, text: text.slice(0, cursor - 1) + text.slice(cursor), cursor: cursor - 1 };
    case "delete":
      return { ...state, text: text.slice(0, cursor) + text.slice(cursor + 1) };
    case "left":
      return { ...state, cursor: Math.max(0, cursor - 1) };
    case "right":
      return { ...state, cursor: Math.min(text.length, cursor + 1) };
    case "home":
      return { ...state, cursor: 0 };
    case "end":
      return { ...state, cursor: text.length };
    case "kill-line":
      return { ...state, text: "", cursor: 0 };
    case "older":
      return recall(state, state.historyIndex - 1);
    case "newer":
      return recall(state, state.historyIndex + 1);
    case "search":
    case "search-type":
    case "search-erase":
    case "search-cancel":
      return { ...state, search: searched(state.history, state.search, edit) };
    case "search-accept": {
      const index = state.search?.index;
      if (index === undefined) return { ...state, search: undefined };
      const found = state.history[index] as string;
      return {
        ...state,
        text: found,
        cursor: found.length,
        historyIndex: index,
        search: undefined,
      };
    }
    case "submit": {
      const line = text.trim();
      const history =
        line && state.history.at(-1) !== line ? [...state.history, line] : state.history;
      return { text: "", cursor: 0, history, historyIndex: history.length, draft: "" };
    }
    default:
      edit satisfies never;
      return state;
  }
}

function recall(state: LineState, index: number): LineState {
  if (index < 0 || index > state.history.length || index === state.historyIndex) return state;
  const draft = state.historyIndex === state.history.length ? state.text : state.draft;
  const text = index === state.history.length ? draft : (state.history[index] as string);
  return { ...state, text, cursor: text.length, historyIndex: index, draft };
}
