import { type CostSum, costTotal, type RunSummary, type TokenUsage } from "@langchain-mini/core";
import { Box, Text, useAnimation } from "ink";
import { formatCost } from "../../render/format-cost.js";
import type { RunView } from "../state/ui-state.js";
import { countsText, timeSplitText } from "../text/summary-text.js";
import { colours } from "./theme.js";

const SPINNER = ["⠋", "⠙", "⠹", "⠸", "⠼", "⠴", "⠦", "⠧", "⠇", "⠏"];

interface StatusBarProps {
  readonly model: string;
  readonly run: RunView | undefined;
  readonly sessionUsage: TokenUsage;
  readonly sessionCost: CostSum;
  readonly confirmingQuit: boolean;
  /** A tool call waits for the user's decision. */
  readonly approving?: boolean;
  /** The run's figures from its events (core's summariseRun): steps, calls, time split. */
  readonly summary?: RunSummary;
}

/**
 * provider:model, step k of max, elapsed time, tokens (and their cost, when the model's
 * price is known) for the run and the session, a spinner; once a run ends, its steps,
 * LLM calls and wall time split instead.
 */
export function StatusBar(props: StatusBarProps) {
  const { model, run, sessionUsage, sessionCost, confirmingQuit, approving, summary } = props;
  const running = run?.outcome === "running";
  // Ticks only while a run goes: the clock and the spinner need it, an idle app does not.
  const { frame } = useAnimation({ interval: 100, isActive: running });
  if (confirmingQuit) {
    return (
      <Text color={colours.warning} wrap="truncate-end">
        A question is running: press Ctrl+C again to quit, or Esc to cancel the question
      </Text>
    );
  }
  // Most telling first: a narrow terminal cuts the end of the line.
  const parts = [model];
  if (run && summary && !running) {
    // An ended run: its summary (from its events) in place of the live figures.
    parts.push(countsText(summary), timeSplitText(summary), `run ${spent(run.usage, run.cost)}`);
  } else if (run) {
    if (run.step > 0) parts.push(`step ${run.step} of ${run.maxSteps}`);
    parts.push(seconds((run.endedAt ?? Date.now()) - run.startedAt));
    parts.push(`run ${spent(run.usage, run.cost)}`);
  }
  parts.push(`session ${spent(sessionUsage, sessionCost)}`);
  const waiting = approving ? "waiting for your approval" : run ? activity(run) : "";
  return (
    <Box>
      <Text wrap="truncate-end">
        {running && (
          <Text color={colours.focus}>{`${SPINNER[frame % SPINNER.length]} ${waiting} · `}</Text>
        )}
        <Text dimColor>{parts.join(" · ")}</Text>
      </Text>
    </Box>
  );
}

/** What the spinner says: the model writing is not the model keeping us waiting. */
function activity(run: RunView) {
  if (run.memoryCall === "rewrite") return "rewriting the follow-up";
  if (run.memoryCall === "summary") return "updating the conversation summary";
  if (run.waitingOn === "tool") return "running the tool";
  const writing =
    run.waitingOn === "llm" && run.steps.some((step) => step.step === run.step && step.raw);
  return writing ? "the model is writing" : "waiting for the model";
}

/** "1.2k in / 300 out, $0.0012"; tokens only while the cost is not known. */
function spent(usage: TokenUsage, cost: CostSum) {
  const dollars = costTotal(cost);
  const tokens = `${count(usage.inputTokens)} in / ${count(usage.outputTokens)} out`;
  return dollars === undefined ? tokens : `${tokens}, ${formatCost(dollars)}`;
}

function count(value: number) {
  return value >= 10_000 ? `${(value / 1000).toFixed(0)}k` : String(value);
}

function seconds(ms: number) {
  return `${(Math.max(0, ms) / 1000).toFixed(1)}s`;
}
