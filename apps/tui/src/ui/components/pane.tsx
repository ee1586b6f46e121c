import { Box, type DOMElement, Text, useBoxMetrics } from "ink";
import { type ReactNode, useLayoutEffect, useRef } from "react";
import type { PaneBox } from "../hooks/use-layout.js";
import { firstRow, type ScrollPosition } from "../hooks/use-scroll.js";
import type { PaneName } from "../state/ui-state.js";
import { colours } from "./theme.js";

/** Where a pane is and how it stands: what the chat's panes pass through to `Pane`. */
export interface PanePlacement {
  /** A dim word after the title, e.g. which key shows the other pane. */
  readonly hint?: string | undefined;
  readonly box: PaneBox;
  readonly focused: boolean;
  readonly position: ScrollPosition;
  /** Reports how far the pane can scroll and how many rows make a page. */
  readonly onMeasure: (pane: PaneName, max: number, page: number) => void;
}

interface PaneProps extends PanePlacement {
  readonly name: PaneName;
  readonly title: string;
  readonly children: ReactNode;
}

/** Border, title and title-line rows around a pane's content. */
const FRAME_ROWS = 3;

/**
 * A bordered pane whose content scrolls: the content is laid out at full height, shown
 * through a window of the pane's rows, and follows its end unless scrolled back.
 */
export function Pane(props: PaneProps) {
  const { name, title, hint, box, focused, position, onMeasure, children } = props;
  const content = useRef<DOMElement>(null);
  const { height: contentRows } = useBoxMetrics(content);
  const page = Math.max(1, box.height - FRAME_ROWS);
  const max = Math.max(0, contentRows - page);
  const top = firstRow(position, max);
  // A layout effect, not a passive one: a key pressed right after a frame is drawn must
  // already see that frame's extent (PgUp raced a late measure and jumped to the top).
  useLayoutEffect(() => onMeasure(name, max, page), [onMeasure, name, max, page]);

  const above = top > 0 ? ` ↑${top}` : "";
  const below = max - top > 0 ? ` ↓${max - top}` : "";
  return (
    <Box
      flexDirection="column"
      width={box.width}
      height={box.height}
      borderStyle="round"
      borderColor={focused ? colours.focus : colours.border}
      paddingX={1}
    >
      <Text bold color={focused ? colours.focus : undefined} wrap="truncate-end">
        {focused ? `▸ ${title}` : title}
        <Text dimColor>{`${above}${below}${hint ? ` · ${hint}` : ""}`}</Text>
      </Text>
      {/* A row, so the content is this window's cross axis: it keeps its full height. In a
          column its rows shrank to fit the window and were drawn over each other. */}
      <Box
        flexDirection="row"
        alignItems="flex-start"
        height={page}
        overflowY="hidden"
        contentOffsetY={top}
      >
        <Box ref={content} flexGrow={1} flexDirection="column">
          {children}
        </Box>
      </Box>
    </Box>
  );
}
