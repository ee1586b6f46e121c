import { Box } from "ink";
import type { ReactNode } from "react";
import type { ChatScreen } from "../hooks/use-chat-screen.js";
import type { Layout } from "../hooks/use-layout.js";
import { sessionCost, sessionUsage } from "../state/app-reducer.js";
import type { UiState } from "../state/ui-state.js";
import { ChatPanes } from "./chat-panes.js";
import { PromptInspector, SessionPickerView } from "./deferred-parts.js";
import { inspectorBox } from "./inspector-box.js";
import { StatusBar } from "./status-bar.js";

interface ChatBodyProps {
  readonly state: UiState;
  readonly layout: Layout;
  readonly screen: ChatScreen;
  /** The bottom line, under the status bar: the question line, an approval, the replay's place. */
  readonly children: ReactNode;
}

/** The picker keeps its chosen row in view itself. */
const ignoreMeasure = () => {};

/**
 * The whole screen, the chat's and the replay's: the panes (or the prompt inspector in
 * their place), the status bar and the bottom line.
 */
export function ChatBody({ state, layout, screen, children }: ChatBodyProps) {
  const { scroll, inspector, recorder } = screen;
  return (
    <Box flexDirection="column" width={layout.columns} height={layout.rows}>
      {state.picker ? (
        <SessionPickerView
          picker={state.picker}
          box={inspectorBox(layout)}
          onMeasure={ignoreMeasure}
        />
      ) : inspector.open ? (
        <PromptInspector
          calls={recorder.record.calls}
          selected={inspector.selected}
          box={inspectorBox(layout)}
          position={inspector.position}
          onMeasure={inspector.measured}
        />
      ) : (
        <ChatPanes state={state} layout={layout} scroll={scroll} />
      )}
      <StatusBar
        model={state.model}
        run={state.run}
        sessionUsage={sessionUsage(state)}
        sessionCost={sessionCost(state)}
        confirmingQuit={state.confirmingQuit}
        approving={state.approval !== undefined}
        summary={recorder.record.ended ? recorder.record.summary : undefined}
        columns={layout.columns}
      />
      {children}
    </Box>
  );
}
