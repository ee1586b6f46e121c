import type { useInspector } from "../hooks/use-inspector.js";
import type { Layout } from "../hooks/use-layout.js";
import type { useRunRecord } from "../hooks/use-run-record.js";
import type { useScroll } from "../hooks/use-scroll.js";
import { sessionCost, sessionUsage } from "../state/app-reducer.js";
import type { UiState } from "../state/ui-state.js";
import { ChatPanes } from "./chat-panes.js";
import { PromptInspector, SessionPickerView } from "./deferred-parts.js";
import { inspectorBox } from "./inspector-box.js";
import { StatusBar } from "./status-bar.js";

interface ChatBodyProps {
  readonly state: UiState;
  readonly layout: Layout;
  readonly scroll: ReturnType<typeof useScroll>;
  readonly inspector: ReturnType<typeof useInspector>;
  readonly recorder: ReturnType<typeof useRunRecord>;
}

/** The picker keeps its chosen row in view itself. */
const ignoreMeasure = () => {};

/** The panes (or the prompt inspector in their place) and the status bar: the chat's and the replay's. */
export function ChatBody({ state, layout, scroll, inspector, recorder }: ChatBodyProps) {
  return (
    <>
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
    </>
  );
}
