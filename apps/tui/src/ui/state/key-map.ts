import type { Key } from "ink";
import type { LineEdit } from "./line-editor.js";

/** What a keypress means for the app; the one keypress hook acts on it. */
export type KeyIntent =
  /** Enter; `typed` is text that arrived in the same chunk before it (typed ahead, pasted). */
  | { readonly type: "submit"; readonly typed?: string }
  | { readonly type: "cancel-run" }
  | { readonly type: "ask-quit" }
  | { readonly type: "quit" }
  | { readonly type: "focus-next" }
  | { readonly type: "scroll"; readonly direction: -1 | 1 }
  | { readonly type: "toggle-fold" }
  | { readonly type: "clear-screen" }
  | { readonly type: "edit"; readonly edit: LineEdit }
  | { readonly type: "none" };

export interface KeyContext {
  readonly running: boolean;
  readonly confirmingQuit: boolean;
  /** Ctrl+R is searching earlier questions. */
  readonly searching?: boolean;
}

const NONE: KeyIntent = { type: "none" };
const edit = (lineEdit: LineEdit): KeyIntent => ({ type: "edit", edit: lineEdit });

/** Maps a keypress, as Ink reports it, to an intent. Pure, so every binding is testable. */
export function keyIntent(input: string, key: Key, context: KeyContext): KeyIntent {
  if (key.ctrl && input === "c") {
    return context.running && !context.confirmingQuit ? { type: "ask-quit" } : { type: "quit" };
  }
  if (context.searching) return searchIntent(input, key);
  if (key.escape) return context.running ? { type: "cancel-run" } : edit({ type: "kill-line" });
  if (key.return) return { type: "submit" };
  if (key.tab) return { type: "focus-next" };
  if (key.pageUp) return { type: "scroll", direction: -1 };
  if (key.pageDown) return { type: "scroll", direction: 1 };
  if (key.upArrow) return edit({ type: "older" });
  if (key.downArrow) return edit({ type: "newer" });
  if (key.leftArrow) return edit({ type: "left" });
  if (key.rightArrow) return edit({ type: "right" });
  if (key.home) return edit({ type: "home" });
  if (key.end) return edit({ type: "end" });
  if (key.backspace) return edit({ type: "backspace" });
  if (key.delete) return edit({ type: "delete" });
  if (key.ctrl) return ctrlIntent(input);
  if (key.meta || input === "") return NONE;
  const typedAhead = /^([^\r\n]*)[\r\n]+$/.exec(input);
  if (typedAhead) return { type: "submit", typed: typedAhead[1] };
  return edit({ type: "insert", text: input });
}

/** While Ctrl+R searches: typing refines it, Enter takes the match, Esc gives the line back. */
function searchIntent(input: string, key: Key): KeyIntent {
  if (key.ctrl && input === "r") return edit({ type: "search" });
  if (key.escape) return edit({ type: "search-cancel" });
  if (key.backspace || key.delete) return edit({ type: "search-erase" });
  const moves = key.leftArrow || key.rightArrow || key.upArrow || key.downArrow;
  if (key.return || moves || key.home || key.end) return edit({ type: "search-accept" });
  if (key.ctrl || key.meta || key.tab || key.pageUp || key.pageDown || input === "") return NONE;
  return edit({ type: "search-type", text: input });
}

function ctrlIntent(input: string): KeyIntent {
  switch (input) {
    case "r":
      return edit({ type: "search" });
    case "o":
      return { type: "toggle-fold" };
    case "l":
      return { type: "clear-screen" };
    case "a":
      return edit({ type: "home" });
    case "e":
      return edit({ type: "end" });
    case "u":
      return edit({ type: "kill-line" });
    default:
      return NONE;
  }
}
