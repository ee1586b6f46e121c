import type { Key } from "ink";
import { useCallback, useRef, useState } from "react";
import { inspectorIntent } from "../state/inspector-keys.js";
import { firstRow, type ScrollPosition, scrolled } from "./use-scroll.js";

interface InspectorView {
  readonly open: boolean;
  /** The call shown, by index; undefined follows the newest call as a run goes on. */
  readonly selected: number | undefined;
  readonly position: ScrollPosition;
}

const CLOSED: InspectorView = { open: false, selected: undefined, position: 0 };

/**
 * The prompt inspector's state: open or not, which LLM call it shows, where it is
 * scrolled. `handleKey` returns true when the key was the inspector's, so the app's
 * own bindings skip it.
 */
export function useInspector(callCount: number) {
  const [view, setView] = useState<InspectorView>(CLOSED);
  const extent = useRef({ max: 0, page: 1 });
  const calls = useRef(callCount);
  calls.current = callCount;

  const measured = useCallback((_pane: unknown, max: number, page: number) => {
    extent.current = { max, page };
  }, []);

  const handleKey = useCallback(
    (input: string, key: Key) => {
      const intent = inspectorIntent(input, key, view.open);
      const { max, page } = extent.current;
      switch (intent.type) {
        case "pass":
          return false;
        case "ignore":
          return true;
        case "toggle":
        case "close":
          setView((current) => (current.open ? CLOSED : { ...CLOSED, open: true }));
          return true;
        case "call":
          setView((current) => ({
            ...current,
            selected: nextCall(current.selected, intent.direction, calls.current),
            position: 0,
          }));
          return true;
        case "scroll":
          setView((current) => ({
            ...current,
            position:
              intent.unit === "page"
                ? scrolled(current.position, intent.by, max, page)
                : byRow(current.position, intent.by, max),
          }));
          return true;
        case "edge":
          setView((current) => ({ ...current, position: intent.to === "top" ? 0 : "end" }));
          return true;
        default:
          intent satisfies never;
          return false;
      }
    },
    [view.open],
  );

  return { ...view, measured, handleKey };
}

/** Moving past the newest call goes back to following the newest. */
function nextCall(selected: number | undefined, direction: -1 | 1, count: number) {
  const last = count - 1;
  const current = selected ?? last;
  const next = Math.min(last, Math.max(0, current + direction));
  return next >= last ? undefined : next;
}

function byRow(position: ScrollPosition, by: -1 | 1, max: number): ScrollPosition {
  const next = firstRow(position, max) + by;
  return next >= max ? "end" : Math.max(0, next);
}
