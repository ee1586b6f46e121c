import { Box } from "ink";
import type { Layout } from "../hooks/use-layout.js";
import type { useScroll } from "../hooks/use-scroll.js";
import type { UiState } from "../state/ui-state.js";
import { ConversationPane } from "./conversation-pane.js";
import { TracePane } from "./trace-pane.js";

interface ChatPanesProps {
  readonly state: UiState;
  readonly layout: Layout;
  readonly scroll: ReturnType<typeof useScroll>;
}

/** The conversation and trace panes side by side (or stacked), for the chat and for replays. */
export function ChatPanes({ state, layout, scroll }: ChatPanesProps) {
  return (
    <Box flexDirection={layout.direction}>
      <ConversationPane
        entries={state.conversation}
        session={state.session}
        box={layout.conversation}
        focused={state.focus === "conversation"}
        position={scroll.positions.conversation}
        onMeasure={scroll.measured}
      />
      <TracePane
        run={state.run}
        unfolded={state.unfolded}
        box={layout.trace}
        focused={state.focus === "trace"}
        position={scroll.positions.trace}
        onMeasure={scroll.measured}
      />
    </Box>
  );
}
