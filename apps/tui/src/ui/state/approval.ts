import { EMPTY_LINE, editLine, type LineEdit, type LineState } from "./line-editor.js";

/** A tool call waiting for the user's decision, as the approval prompt shows it. */
export interface PendingApproval {
  readonly tool: string;
  readonly origin?: string;
  /** The call's input, formatted and safe to draw. */
  readonly input: string;
  /** Choosing y/a/n, or (after n) writing a note for the model. */
  readonly stage: "choose" | "note";
  readonly note: LineState;
  /** The first row of the input shown, when it is taller than the prompt. */
  readonly top: number;
}

export type ApprovalAction =
  | {
      readonly type: "approval-asked";
      readonly tool: string;
      readonly origin?: string;
      readonly input: string;
    }
  | { readonly type: "approval-note-started" }
  | { readonly type: "approval-note-edited"; readonly edit: LineEdit }
  | { readonly type: "approval-scrolled"; readonly by: number; readonly max: number }
  | { readonly type: "approval-answered" };

export function reduceApproval(
  approval: PendingApproval | undefined,
  action: ApprovalAction,
): PendingApproval | undefined {
  switch (action.type) {
    case "approval-asked": {
      const { tool, origin, input } = action;
      return { tool, origin, input, stage: "choose", note: EMPTY_LINE, top: 0 };
    }
    case "approval-note-started":
      return approval && { ...approval, stage: "note" };
    case "approval-note-edited":
      return approval && { ...approval, note: editLine(approval.note, action.edit) };
    case "approval-scrolled":
      return approval && { ...approval, top: clamp(approval.top + action.by, 0, action.max) };
    case "approval-answered":
      return undefined;
    default:
      action satisfies never;
      return approval;
  }
}

/** Border, the title row and the keys row (the note stage has a label and a line instead). */
const FRAME_ROWS = 4;
/** The panes keep at least a row of text each, above the status bar. */
const ROWS_KEPT = 5;
const MOST_INPUT_ROWS = 12;

export interface ApprovalView {
  /** The input cut into rows that fit the prompt's width. */
  readonly lines: readonly string[];
  /** Rows of input shown, and the first of them. */
  readonly shown: number;
  readonly top: number;
  /** The largest first row. */
  readonly max: number;
  /** The prompt's whole height. */
  readonly rows: number;
}

/**
 * How the prompt draws a call's input in a window: cut into rows of its width (so rows
 * are counted exactly), as many as leave the panes a row each, scrolled to `top`.
 */
export function approvalView(
  approval: PendingApproval,
  columns: number,
  rows: number,
): ApprovalView {
  const width = Math.max(1, columns - 4);
  const lines = approval.input.split("\n").flatMap((line) => cut(line, width));
  const frame = FRAME_ROWS + (approval.stage === "note" ? 1 : 0);
  const room = clamp(rows - ROWS_KEPT - frame, 1, MOST_INPUT_ROWS);
  const shown = Math.min(lines.length, room);
  const max = lines.length - shown;
  return { lines, shown, top: clamp(approval.top, 0, max), max, rows: shown + frame };
}

function cut(line: string, width: number): string[] {
  const characters = [...line];
  if (characters.length <= width) return [line];
  const rows: string[] = [];
  for (let at = 0; at < characters.length; at += width) {
    rows.push(characters.slice(at, at + width).join(""));
  }
  return rows;
}

function clamp(value: number, low: number, high: number) {
  return Math.min(high, Math.max(low, value));
}
