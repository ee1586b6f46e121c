import { Text } from "ink";
import type { PaneBox } from "../hooks/use-layout.js";
import type { ScrollPosition } from "../hooks/use-scroll.js";
import type { PaneName, RunView } from "../state/ui-state.js";
import { RunTrace } from "./deferred-parts.js";
import { Pane } from "./pane.js";

interface TracePaneProps {
  readonly run: RunView | undefined;
  readonly unfolded: boolean;
  readonly hint?: string | undefined;
  readonly box: PaneBox;
  readonly focused: boolean;
  readonly position: ScrollPosition;
  readonly onMeasure: (pane: PaneName, max: number, page: number) => void;
}

/** The live trace of the current (or last) run: every step as it happens. */
export function TracePane({ run, unfolded, ...pane }: TracePaneProps) {
  return (
    <Pane name="trace" title="Trace" {...pane}>
      {run ? (
        <RunTrace run={run} unfolded={unfolded} />
      ) : (
        <Text dimColor>
          Each question's Thought, Action, Action Input and Observation show here.
        </Text>
      )}
    </Pane>
  );
}
