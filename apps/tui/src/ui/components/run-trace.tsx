import { Box, Text } from "ink";
import type { RunView } from "../state/ui-state.js";
import { Labelled } from "./labelled.js";
import { colours } from "./theme.js";
import { TraceStepView } from "./trace-step.js";

/** A run's question, warnings, steps and end, as the trace pane shows them. */
export function RunTrace({ run, unfolded }: { readonly run: RunView; readonly unfolded: boolean }) {
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
