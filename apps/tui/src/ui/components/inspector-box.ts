import type { Layout, PaneBox } from "../hooks/use-layout.js";

/** The prompt inspector takes the room of both panes. */
export function inspectorBox(layout: Layout): PaneBox {
  return { width: layout.columns, height: layout.paneRows };
}
