import { useWindowSize } from "ink";

/** Below this many columns the panes stack; at or above it they sit side by side. */
export const WIDE_COLUMNS = 100;

export interface PaneBox {
  readonly width: number;
  readonly height: number;
}

export interface Layout {
  readonly columns: number;
  readonly rows: number;
  readonly direction: "row" | "column";
  readonly conversation: PaneBox;
  readonly trace: PaneBox;
}

/** Rows below the panes: the status bar and the bordered input line. */
const CHROME_ROWS = 4;
const MIN_PANE_ROWS = 4;

/** Pane sizes for a terminal size. Pure; `useLayout` re-computes it on every resize. */
export function computeLayout(columns: number, rows: number): Layout {
  const paneRows = Math.max(MIN_PANE_ROWS * 2, rows - CHROME_ROWS);
  if (columns >= WIDE_COLUMNS) {
    const conversationWidth = Math.floor(columns * 0.4);
    return {
      columns,
      rows,
      direction: "row",
      conversation: { width: conversationWidth, height: paneRows },
      trace: { width: columns - conversationWidth, height: paneRows },
    };
  }
  const conversationRows = Math.max(MIN_PANE_ROWS, Math.floor(paneRows * 0.4));
  return {
    columns,
    rows,
    direction: "column",
    conversation: { width: columns, height: conversationRows },
    trace: { width: columns, height: paneRows - conversationRows },
  };
}

export function useLayout(): Layout {
  const { columns, rows } = useWindowSize();
  return computeLayout(columns, rows);
}
