import type { ChatMessage } from "@langchain-mini/core";
import { terminalText as safe } from "@langchain-mini/host";
import { Box, Text } from "ink";
import type { PaneBox } from "../hooks/use-layout.js";
import type { ScrollPosition } from "../hooks/use-scroll.js";
import type { InspectedCall } from "../state/run-record.js";
import type { PaneName } from "../state/ui-state.js";
import { Pane } from "./pane.js";
import { Prose } from "./prose.js";

export interface PromptInspectorProps {
  readonly calls: readonly InspectedCall[];
  /** Index into `calls`; undefined shows the newest. */
  readonly selected: number | undefined;
  readonly box: PaneBox;
  readonly position: ScrollPosition;
  readonly onMeasure: (pane: PaneName, max: number, page: number) => void;
}

const KEYS_HINT = "←/→ calls · ↑/↓ PgUp/PgDn Home/End scroll · Esc closes";

/**
 * The exact prompt (or messages) of one LLM call and its raw completion before parsing:
 * what the model saw and what it said, with nothing reformatted.
 */
export function PromptInspector({
  calls,
  selected,
  box,
  position,
  onMeasure,
}: PromptInspectorProps) {
  // A selection from an earlier, longer run falls back to this run's newest call.
  const index = Math.min(selected ?? calls.length - 1, calls.length - 1);
  const call = calls[index];
  const title = call
    ? `Prompt inspector · LLM call ${index + 1} of ${calls.length} · ${stepLabel(call)}`
    : "Prompt inspector";
  return (
    <Pane name="trace" title={title} box={box} focused position={position} onMeasure={onMeasure}>
      <Text dimColor wrap="truncate-end">
        {KEYS_HINT}
      </Text>
      {call ? (
        <CallView call={call} />
      ) : (
        <Text dimColor>
          No LLM call yet: ask a question, and this shows each prompt sent and each raw completion.
        </Text>
      )}
    </Pane>
  );
}

function CallView({ call }: { readonly call: InspectedCall }) {
  return (
    <Box flexDirection="column">
      {call.compacted && <Prose color="yellow">{`Compacted ${call.compacted}`}</Prose>}
      <Text bold color="magenta">
        {call.messages ? `── Messages (${call.messages.length}) ──` : "── Prompt ──"}
      </Text>
      {call.messages ? (
        call.messages.map((message, index) => (
          // Messages of a call never change order.
          // biome-ignore lint/suspicious/noArrayIndexKey: fixed list
          <MessageView key={index} message={message} />
        ))
      ) : (
        <Prose color="gray">{safe(call.prompt ?? "")}</Prose>
      )}
      <Text bold color="yellow">{`── Completion (${completionState(call)}) ──`}</Text>
      <Prose color="yellow">{safe(call.completion) || "(empty)"}</Prose>
      {call.error !== undefined && <Prose color="red">{safe(call.error)}</Prose>}
      {call.done && <Text dimColor>{callFigures(call)}</Text>}
    </Box>
  );
}

function MessageView({ message }: { readonly message: ChatMessage }) {
  const calls =
    message.role === "assistant" && message.toolCalls?.length
      ? message.toolCalls.map((call) => `→ ${call.name}(${call.arguments})`).join("\n")
      : "";
  return (
    <Box flexDirection="column">
      <Text bold color="cyan">{`[${message.role}]`}</Text>
      <Prose color="gray">{safe(message.content)}</Prose>
      {calls && <Prose color="gray">{safe(calls)}</Prose>}
    </Box>
  );
}

function completionState(call: InspectedCall) {
  if (!call.done) return "streaming";
  if (call.cut === "cancelled") return "cancelled: the text so far";
  if (call.cut === "failed") return "failed: the text so far";
  return "raw, before parsing";
}

/** Step 0 is memory's work: the follow-up rewrite, or the rolling summary's upkeep. */
function stepLabel(call: InspectedCall) {
  if (call.purpose === "compaction") return `step ${call.step} · summarising older steps`;
  if (call.step !== 0) return `step ${call.step}`;
  return call.prompt?.startsWith("Given the following conversation")
    ? "rewriting the follow-up"
    : "memory";
}

function callFigures(call: InspectedCall) {
  const parts = [`finish: ${call.reason ?? "unknown"}`];
  if (call.usage) parts.push(`${call.usage.inputTokens} in / ${call.usage.outputTokens} out`);
  if (call.durationMs !== undefined) parts.push(`${(call.durationMs / 1000).toFixed(2)} s`);
  return parts.join(" · ");
}
