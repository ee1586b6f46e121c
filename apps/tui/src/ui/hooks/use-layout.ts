import { useWindowSize } from "ink";

/** Below this many columns the panes stack; at or above it they sit side by side. */
const WIDE_COLUMNS = 100;
/** The smallest window the app lays out in; below it, one line says so. */
export const MIN_COLUMNS = 40;
export const MIN_ROWS = 12;
/** The bordered question line under the panes. */
export const INPUT_ROWS = 3;

export interface PaneBox {
  readonly width: number;
  readonly height: number;
}

/**
 * How the panes share the window: side by side when it is wide, stacked when it is tall
 * enough for two readable panes, and otherwise one at a time (the focused one; Tab
 * switches), so that no pane is left with a row or two.
 */
type Arrangement = "side-by-side" | "stacked" | "one-at-a-time";

export interface Layout {
  readonly columns: number;
  readonly rows: number;
  /** False below MIN_COLUMNS × MIN_ROWS: the app draws a one-line message instead. */
  readonly fits: boolean;
  readonly arrangement: Arrangement;
  /** The rows above the status bar and the bottom box; the prompt inspector takes them all. */
  readonly paneRows: number;
  readonly conversation: PaneBox;
  readonly trace: PaneBox;
}

/** The status bar's row. */
const STATUS_ROWS = 1;
/** Border, title and one row of text. */
const MIN_PANE_ROWS = 4;
/** Two stacked panes need this many rows between them to show a few lines each. */
const STACKED_ROWS = 16;

/**
 * Pane sizes for a terminal size and the rows the bottom box takes (the question line,
 * or a taller approval prompt). Pure; `useLayout` re-computes it on every resize.
 */
export function computeLayout(columns: number, rows: number, bottomRows = INPUT_ROWS): Layout {
  const fits = columns >= MIN_COLUMNS && rows >= MIN_ROWS;
  const paneRows = Math.max(MIN_PANE_ROWS, rows - STATUS_ROWS - bottomRows);
  const base = { columns, rows, fits, paneRows };
  if (columns >= WIDE_COLUMNS) {
    const conversationWidth = Math.floor(columns * 0.4);
    return {
      ...base,
      arrangement: "side-by-side",
      conversation: { width: conversationWidth, height: paneRows },
      trace: { width: columns - conversationWidth, height: paneRows },
    };
  }
  if (paneRows < STACKED_ROWS) {
    const whole = { width: columns, height: paneRows };
    return { ...base, arrangement: "one-at-a-time", conversation: whole, trace: whole };
  }
  const conversationRows = Math.floor(paneRows * 0.4);
  return {
    ...base,
    arrangement: "stacked",
    conversation: { width: columns, height: conversationRows },
    trace: { width: columns, height: paneRows - conversationRows },
  };
}

export function useLayout(bottomRows?: number): Layout {
  const { columns, rows } = useWindowSize();
  return computeLayout(columns, rows, bottomRows);
}
