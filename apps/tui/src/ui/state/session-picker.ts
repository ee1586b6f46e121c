import type { SessionInfo } from "@langchain-mini/core";
import { terminalText as safe } from "@langchain-mini/host";
import type { Key } from "ink";

/** A stored conversation as /resume lists it. Every string is safe to draw. */
interface SessionChoice {
  readonly name: string;
  readonly turns: number;
  readonly updatedAt: number;
  readonly lastQuestion?: string;
  readonly problem?: string;
}

export interface SessionPicker {
  readonly sessions: readonly SessionChoice[];
  readonly selected: number;
}

export type PickerAction =
  | { readonly type: "picker-opened"; readonly sessions: readonly SessionInfo[] }
  | { readonly type: "picker-moved"; readonly by: number }
  | { readonly type: "picker-closed" };

export function reducePicker(picker: SessionPicker | undefined, action: PickerAction) {
  switch (action.type) {
    case "picker-opened":
      return { sessions: action.sessions.map(choice), selected: 0 };
    case "picker-moved": {
      if (!picker) return picker;
      const last = picker.sessions.length - 1;
      return { ...picker, selected: Math.min(last, Math.max(0, picker.selected + action.by)) };
    }
    case "picker-closed":
      return undefined;
    default:
      action satisfies never;
      return picker;
  }
}

function choice(info: SessionInfo): SessionChoice {
  return {
    name: safe(info.name),
    turns: info.turns,
    updatedAt: info.updatedAt.getTime(),
    ...(info.lastQuestion ? { lastQuestion: safe(info.lastQuestion).replace(/\s+/g, " ") } : {}),
    ...(info.problem ? { problem: safe(info.problem) } : {}),
  };
}

export type PickerIntent =
  | { readonly type: "move"; readonly by: number }
  | { readonly type: "open" }
  | { readonly type: "close" }
  | { readonly type: "pass" }
  | { readonly type: "ignore" };

/** ↑/↓ (PgUp/PgDn by ten) choose, Enter opens, Esc closes; Ctrl+C still quits. */
export function pickerIntent(input: string, key: Key): PickerIntent {
  if (key.ctrl && input === "c") return { type: "pass" };
  if (key.escape || input === "q") return { type: "close" };
  if (key.return) return { type: "open" };
  if (key.upArrow || input === "k") return { type: "move", by: -1 };
  if (key.downArrow || input === "j") return { type: "move", by: 1 };
  if (key.pageUp) return { type: "move", by: -10 };
  if (key.pageDown) return { type: "move", by: 10 };
  return { type: "ignore" };
}

/** "just now", "5 min ago", "3 h ago", "2 days ago". */
export function ageText(updatedAt: number, now: number) {
  const minutes = Math.floor(Math.max(0, now - updatedAt) / 60_000);
  if (minutes < 1) return "just now";
  if (minutes < 60) return `${minutes} min ago`;
  const hours = Math.floor(minutes / 60);
  if (hours < 48) return `${hours} h ago`;
  return `${Math.floor(hours / 24)} days ago`;
}
