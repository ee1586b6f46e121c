import { Box, Text } from "ink";
import type { PaneBox } from "../hooks/use-layout.js";
import type { ScrollPosition } from "../hooks/use-scroll.js";
import type { PaneName, RunView } from "../state/ui-state.js";
import { Labelled } from "./labelled.js";
import { Pane } from "./pane.js";
import { colours } from "./theme.js";
import { TraceStepView } from "./trace-step.js";

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

function RunTrace({ run, unfolded }: { readonly run: RunView; readonly unfolded: boolean }) {
  const streamingStep = run.waitingOn === "llm" ? run.step : undefined;
  return (
    <Box flexDirection="column">
      <Labelled label="Question" colour={colours.question}>
        {run.question}
      </Labelled>
      {run.standaloneQuestion !== undefined && (
        <Labelled label="Standalone question" colour={colours.standalone}>
          {run.standaloneQuestion}
        </Labelled>
      )}
      {run.warnings.map((warning, index) => (
        // Warnings only ever append, so their position is a stable key.
        // biome-ignore lint/suspicious/noArrayIndexKey: append-only list
        <Labelled key={index} label="Warning" colour={colours.warning}>
          {warning}
        </Labelled>
      ))}
      <Box flexDirection="column" marginTop={1}>
        {run.steps.map((step) => (
          <TraceStepView
            key={step.step}
            step={step}
            streaming={step.step === streamingStep}
            unfolded={unfolded}
          />
        ))}
      </Box>
      {run.error !== undefined && run.outcome !== "cancelled" && (
        <Labelled label="Error" colour={colours.error}>
          {run.error}
        </Labelled>
      )}
      {run.outcome === "cancelled" && <Text color={colours.cancelled}>cancelled</Text>}
    </Box>
  );
}
