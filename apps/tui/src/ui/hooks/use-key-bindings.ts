import type { Key } from "ink";
import type { Dispatch } from "react";
import type { UiAction } from "../state/app-reducer.js";
import { keyIntent } from "../state/key-map.js";
import { editLine as applyEdit, type LineEdit, type LineState } from "../state/line-editor.js";
import type { PaneName } from "../state/ui-state.js";
import { useKeypress } from "./use-keypress.js";

interface KeyBindings {
  readonly line: LineState;
  readonly editLine: Dispatch<LineEdit>;
  readonly dispatch: Dispatch<UiAction>;
  readonly running: boolean;
  readonly confirmingQuit: boolean;
  readonly focus: PaneName;
  /** False when the line was not taken (a question while one runs): it stays to be edited. */
  readonly submit: (line: string) => boolean;
  readonly cancel: () => void;
  readonly scroll: (pane: PaneName, direction: -1 | 1) => void;
  readonly quit: () => void;
  /** The approval prompt's and /resume's keys, while either is up; true when they took it. */
  readonly overlay?: (input: string, key: Key) => boolean;
  /** The prompt inspector's keys; true when it took the key. */
  readonly inspect?: (input: string, key: Key) => boolean;
  /** False when the window is too small to draw the app: only Ctrl+C does anything. */
  readonly fits: boolean;
}

/** Every key the app answers to, in one place, on the one keypress hook. */
export function useKeyBindings(bindings: KeyBindings) {
  useKeypress((input, key) => {
    const { running, confirmingQuit, dispatch } = bindings;
    const quitting = key.ctrl && input === "c";
    if (!bindings.fits && !quitting) return;
    if (bindings.overlay?.(input, key)) return;
    if (bindings.inspect?.(input, key)) return;
    const searching = bindings.line.search !== undefined;
    const intent = keyIntent(input, key, { running, confirmingQuit, searching });
    // Any key but another Ctrl+C takes back "press Ctrl+C again to quit", and does its work.
    if (confirmingQuit && intent.type !== "quit") dispatch({ type: "quit-dismissed" });
    switch (intent.type) {
      case "submit": {
        const typed: LineEdit = { type: "insert", text: intent.typed ?? "" };
        bindings.editLine(typed);
        if (bindings.submit(applyEdit(bindings.line, typed).text)) {
          bindings.editLine({ type: "submit" });
        }
        break;
      }
      case "cancel-run":
        bindings.cancel();
        break;
      case "ask-quit":
        dispatch({ type: "quit-asked" });
        break;
      case "quit":
        bindings.quit();
        break;
      case "focus-next":
        dispatch({ type: "focus-moved" });
        break;
      case "scroll":
        bindings.scroll(bindings.focus, intent.direction);
        break;
      case "toggle-fold":
        dispatch({ type: "fold-toggled" });
        break;
      case "clear-screen":
        dispatch({ type: "cleared" });
        break;
      case "edit":
        bindings.editLine(intent.edit);
        break;
      case "none":
        break;
      default:
        intent satisfies never;
    }
  });
}
