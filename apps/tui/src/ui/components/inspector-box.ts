import type { Layout, PaneBox } from "../hooks/use-layout.js";

/** The prompt inspector takes the room of both panes. */
export function inspectorBox(layout: Layout): PaneBox {
  return layout.direction === "row"
    ? { width: layout.columns, height: layout.conversation.height }
    : { width: layout.columns, height: layout.conversation.height + layout.trace.height };
}
