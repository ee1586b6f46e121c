import { useCallback, useRef, useState } from "react";
import type { PaneName } from "../state/ui-state.js";

/**
 * Where a pane is scrolled: "end" follows new text; a number is the first row shown,
 * kept while text arrives below it so what the user is reading stays put.
 */
export type ScrollPosition = number | "end";

interface Extent {
  /** The largest first row: content rows minus the rows shown. */
  readonly max: number;
  readonly page: number;
}

/** PgUp / PgDn for the panes. Each pane reports its extent once it is laid out. */
export function useScroll() {
  const [positions, setPositions] = useState<Record<PaneName, ScrollPosition>>({
    conversation: "end",
    trace: "end",
  });
  const extents = useRef<Record<PaneName, Extent>>({
    conversation: { max: 0, page: 1 },
    trace: { max: 0, page: 1 },
  });

  const scroll = useCallback((pane: PaneName, direction: -1 | 1) => {
    const { max, page } = extents.current[pane];
    setPositions((current) => {
      const next = scrolled(current[pane], direction, max, page);
      return next === current[pane] ? current : { ...current, [pane]: next };
    });
  }, []);

  const measured = useCallback((pane: PaneName, max: number, page: number) => {
    extents.current[pane] = { max, page };
  }, []);

  const reset = useCallback(() => setPositions({ conversation: "end", trace: "end" }), []);

  return { positions, scroll, measured, reset };
}

/** One page up or down, overlapping a row so the reader keeps their place. */
export function scrolled(
  position: ScrollPosition,
  direction: -1 | 1,
  max: number,
  page: number,
): ScrollPosition {
  const top = position === "end" ? max : Math.min(position, max);
  const next = top + direction * Math.max(1, page - 1);
  if (next >= max) return "end";
  return Math.max(0, next);
}

/** The first row a pane shows for a position and its extent. */
export function firstRow(position: ScrollPosition, max: number) {
  return position === "end" ? max : Math.min(position, max);
}
