import { Box, Text } from "ink";
import type { TraceStep } from "../state/ui-state.js";
import { splitCompletion } from "../text/split-completion.js";
import { FoldedText } from "./folded-text.js";
import { Labelled } from "./labelled.js";
import { colours, toolColour } from "./theme.js";

interface TraceStepProps {
  readonly step: TraceStep;
  /** The step's completion is still arriving. */
  readonly streaming: boolean;
  readonly unfolded: boolean;
}

/** Labels and parts of one step: parsed once the step is known, split live while it streams. */
function stepParts(step: TraceStep) {
  const live = splitCompletion(step.streamed);
  const parsed = step.tool !== undefined || step.finalAnswer !== undefined;
  if (!parsed) return live;
  return {
    thought: step.thought || live.thought,
    action: step.tool,
    actionInput: step.toolInput,
    finalAnswer: step.finalAnswer,
  };
}

/** One step of the trace: Thought, Action, Action Input, Observation (or the Final Answer). */
export function TraceStepView({ step, streaming, unfolded }: TraceStepProps) {
  const parts = stepParts(step);
  const colour = toolColour(parts.action);
  const cursor = streaming ? "▍" : "";
  const last = parts.finalAnswer ?? parts.actionInput ?? parts.action;
  return (
    <Box flexDirection="column" marginBottom={1}>
      <Text dimColor>{`Step ${step.step}`}</Text>
      {(parts.thought || (streaming && last === undefined)) && (
        <Labelled label="Thought" colour={colours.thought}>
          {parts.thought + (last === undefined ? cursor : "")}
        </Labelled>
      )}
      {parts.action !== undefined && (
        <Labelled label="Action" colour={colour}>
          <Text>
            {parts.action + (parts.actionInput === undefined ? cursor : "")}
            {step.toolOrigin ? <Text dimColor>{` · ${step.toolOrigin}`}</Text> : null}
          </Text>
        </Labelled>
      )}
      {parts.actionInput !== undefined && (
        <Labelled label="Action Input" colour={colour}>
          {parts.actionInput + (parts.finalAnswer === undefined ? cursor : "")}
        </Labelled>
      )}
      {step.approval !== undefined && (
        <Labelled label="Approval" colour={step.declined ? colours.warning : colours.answer}>
          {step.approval}
        </Labelled>
      )}
      {step.formatError !== undefined && (
        <Labelled label="Format error" colour={colours.warning}>
          {step.formatError}
        </Labelled>
      )}
      {step.observation !== undefined && (
        <Labelled label="Observation" colour={colour}>
          <FoldedText text={step.observation} colour={colour} unfolded={unfolded} />
        </Labelled>
      )}
      {parts.finalAnswer !== undefined && (
        <Labelled label="Final Answer" colour={colours.answer}>
          {parts.finalAnswer + cursor}
        </Labelled>
      )}
    </Box>
  );
}
