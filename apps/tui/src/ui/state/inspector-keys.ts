import type { Key } from "ink";

/** What a keypress means to the prompt inspector. */
export type InspectorIntent =
  | { readonly type: "toggle" }
  | { readonly type: "close" }
  /** The previous (-1) or next (1) LLM call. */
  | { readonly type: "call"; readonly direction: -1 | 1 }
  /** Scrolls by rows (±1) or by pages (±"page"). */
  | { readonly type: "scroll"; readonly by: -1 | 1; readonly unit: "row" | "page" }
  | { readonly type: "edge"; readonly to: "top" | "bottom" }
  /** Swallowed: the question line is hidden while the inspector is open. */
  | { readonly type: "ignore" }
  /** Not the inspector's: the app's own bindings handle it. */
  | { readonly type: "pass" };

/** Maps a keypress to an inspector intent. Pure, so every binding is testable. */
export function inspectorIntent(input: string, key: Key, open: boolean): InspectorIntent {
  // Ctrl+P (for "prompt"): Ctrl+O already folds observations, and letters go to the question line.
  if (key.ctrl && input === "p") return { type: "toggle" };
  if (!open) return { type: "pass" };
  // Ctrl+C still quits from anywhere.
  if (key.ctrl && input === "c") return { type: "pass" };
  if (key.escape || input === "q") return { type: "close" };
  if (key.leftArrow || input === "[") return { type: "call", direction: -1 };
  if (key.rightArrow || input === "]") return { type: "call", direction: 1 };
  if (key.upArrow || input === "k") return { type: "scroll", by: -1, unit: "row" };
  if (key.downArrow || input === "j") return { type: "scroll", by: 1, unit: "row" };
  if (key.pageUp) return { type: "scroll", by: -1, unit: "page" };
  if (key.pageDown || input === " ") return { type: "scroll", by: 1, unit: "page" };
  if (key.home || input === "g") return { type: "edge", to: "top" };
  if (key.end || input === "G") return { type: "edge", to: "bottom" };
  return { type: "ignore" };
}
