import { Text } from "ink";
import type { RunView } from "../state/ui-state.js";
import { RunTrace } from "./deferred-parts.js";
import { Pane, type PanePlacement } from "./pane.js";

interface TracePaneProps extends PanePlacement {
  readonly run: RunView | undefined;
  readonly unfolded: boolean;
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
