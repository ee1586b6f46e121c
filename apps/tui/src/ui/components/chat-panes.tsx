import { Box } from "ink";
import type { Layout } from "../hooks/use-layout.js";
import type { useScroll } from "../hooks/use-scroll.js";
import type { PaneName, UiState } from "../state/ui-state.js";
import { ConversationPane } from "./conversation-pane.js";
import type { PanePlacement } from "./pane.js";
import { TracePane } from "./trace-pane.js";

interface ChatPanesProps {
  readonly state: UiState;
  readonly layout: Layout;
  readonly scroll: ReturnType<typeof useScroll>;
}

/**
 * The conversation and trace panes side by side, stacked, or (in a short window) the
 * focused one alone, saying that Tab shows the other: for the chat and for replays.
 */
export function ChatPanes({ state, layout, scroll }: ChatPanesProps) {
  const alone = layout.arrangement === "one-at-a-time";
  const placement = (pane: PaneName, other: PaneName): PanePlacement => ({
    box: layout[pane],
    focused: state.focus === pane,
    position: scroll.positions[pane],
    onMeasure: scroll.measured,
    hint: alone ? `Tab: ${other}` : undefined,
  });
  const shows = (pane: PaneName) => !alone || state.focus === pane;
  return (
    <Box flexDirection={layout.arrangement === "side-by-side" ? "row" : "column"}>
      {shows("conversation") && (
        <ConversationPane
          entries={state.conversation}
          session={state.session}
          {...placement("conversation", "trace")}
        />
      )}
      {shows("trace") && (
        <TracePane
          run={state.run}
          unfolded={state.unfolded}
          {...placement("trace", "conversation")}
        />
      )}
    </Box>
  );
}
