import type { Key } from "ink";
import { type Dispatch, useCallback } from "react";
import type { UiAction } from "../state/app-reducer.js";
import { pickerIntent, type SessionPicker } from "../state/session-picker.js";

/** /resume's keys: true when the key was the picker's. */
export function usePicker(
  dispatch: Dispatch<UiAction>,
  picker: SessionPicker | undefined,
  openSession: (name: string) => void,
) {
  return useCallback(
    (input: string, key: Key): boolean => {
      if (!picker) return false;
      const intent = pickerIntent(input, key);
      switch (intent.type) {
        case "move":
          dispatch({ type: "picker-moved", by: intent.by });
          return true;
        case "open": {
          const chosen = picker.sessions[picker.selected];
          dispatch({ type: "picker-closed" });
          if (chosen) openSession(chosen.name);
          return true;
        }
        case "close":
          dispatch({ type: "picker-closed" });
          return true;
        case "ignore":
          return true;
        case "pass":
          return false;
        default:
          intent satisfies never;
          return false;
      }
    },
    [dispatch, picker, openSession],
  );
}
