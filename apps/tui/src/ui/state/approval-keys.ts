import type { Key } from "ink";
import { keyIntent } from "./key-map.js";
import type { LineEdit } from "./line-editor.js";

/** What a keypress means while a tool call waits for approval. */
export type ApprovalIntent =
  | { readonly type: "approve"; readonly always: boolean }
  /** n: decline, and ask for a note. */
  | { readonly type: "decline" }
  /** Enter in the note: decline with it (`typed` arrived in the same chunk before Enter). */
  | { readonly type: "send-note"; readonly typed?: string }
  | { readonly type: "edit-note"; readonly edit: LineEdit }
  | { readonly type: "scroll"; readonly by: number }
  /** Not the prompt's: Esc cancels the run and Ctrl+C quits, as everywhere. */
  | { readonly type: "pass" }
  /** Swallowed: the question line is hidden while the prompt is up. */
  | { readonly type: "ignore" };

const PASS: ApprovalIntent = { type: "pass" };
const IGNORE: ApprovalIntent = { type: "ignore" };

/**
 * Maps a keypress to an approval intent. Pure, so every key is testable. Keys for the
 * panes (Tab, PgUp/PgDn, Ctrl+O, Ctrl+P) still reach them, so the trace can be read
 * before deciding.
 */
export function approvalIntent(input: string, key: Key, stage: "choose" | "note"): ApprovalIntent {
  if (key.escape || (key.ctrl && input === "c")) return PASS;
  if (stage === "note") {
    const intent = keyIntent(input, key, { running: true, confirmingQuit: false });
    if (intent.type === "submit") return { type: "send-note", typed: intent.typed };
    if (intent.type === "edit") {
      // The note has no history: recall and Ctrl+R's search are the question line's.
      const recall =
        intent.edit.type === "older" ||
        intent.edit.type === "newer" ||
        intent.edit.type.startsWith("search");
      return recall ? IGNORE : { type: "edit-note", edit: intent.edit };
    }
    return intent.type === "none" ? IGNORE : PASS;
  }
  if (key.return || input === "y" || input === "Y") return { type: "approve", always: false };
  if (input === "a" || input === "A") return { type: "approve", always: true };
  if (input === "n" || input === "N") return { type: "decline" };
  if (key.upArrow) return { type: "scroll", by: -1 };
  if (key.downArrow) return { type: "scroll", by: 1 };
  if (key.tab || key.pageUp || key.pageDown || key.ctrl) return PASS;
  return IGNORE;
}
