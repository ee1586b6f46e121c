import { type CostSum, costTotal, type RunSummary, type TokenUsage } from "@langchain-mini/core";
import { Box, Text, useAnimation } from "ink";
import { formatCost } from "../../render/format-cost.js";
import { SPINNER } from "../../render/spinner.js";
import type { RunView } from "../state/ui-state.js";
import { fitStatus, KEPT, SEPARATOR, type StatusPart } from "../text/status-fit.js";
import { countsText, stepsText, timeSplitText } from "../text/summary-text.js";
import { colours } from "./theme.js";

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
  /** The bar's width: parts give way, least telling first, rather than be cut. */
  readonly columns: number;
}

const CONFIRM_QUIT: StatusPart = [
  ["A question is running: press Ctrl+C again to quit, or Esc to cancel the question", 1],
  ["A question is running: Ctrl+C again quits, Esc cancels it", 2],
  ["Ctrl+C again quits, Esc cancels", KEPT],
];

/**
 * provider:model, step k of max, elapsed time, tokens (and their cost, when the model's
 * price is known) for the run and the session, a spinner; once a run ends, its steps,
 * LLM calls and wall time split instead. In a narrow window the session's figures go
 * first, then the run's details, the model, the time; a number is never cut.
 */
export function StatusBar(props: StatusBarProps) {
  const { run, confirmingQuit, approving, columns } = props;
  const running = run?.outcome === "running";
  // Ticks only while a run goes: the clock and the spinner need it, an idle app does not.
  const { frame } = useAnimation({ interval: 100, isActive: running });
  if (confirmingQuit) {
    const [text] = fitStatus([CONFIRM_QUIT], columns);
    return (
      <Text color={colours.warning} wrap="truncate-end">
        {text}
      </Text>
    );
  }
  const spinner = SPINNER[frame % SPINNER.length] ?? "";
  const waiting = approving ? "waiting for your approval" : run ? activity(run) : "";
  // The spinner stays whatever the width: it is what says a question runs.
  const lead: StatusPart = running
    ? [
        [`${spinner} ${waiting}`, 6],
        [spinner, KEPT],
      ]
    : [];
  const [shownLead, ...shown] = fitStatus([lead, ...figures(props, running)], columns);
  const dim = shown.filter((text) => text !== undefined).join(SEPARATOR);
  return (
    <Box>
      <Text wrap="truncate-end">
        {shownLead !== undefined && (
          <Text color={colours.focus}>{`${shownLead}${dim ? SEPARATOR : ""}`}</Text>
        )}
        <Text dimColor>{dim}</Text>
      </Text>
    </Box>
  );
}

/**
 * The bar's figures, most telling first, each with its shorter forms and when each gives
 * way: the session's figures first, then the run's, the model, what the spinner says and
 * the time; the step count last.
 */
function figures(props: StatusBarProps, running: boolean): StatusPart[] {
  const { model, run, sessionUsage, sessionCost, summary } = props;
  const parts: StatusPart[] = [
    [
      [model, 3.5],
      [withoutProvider(model), 4.5],
    ],
  ];
  if (run && summary && !running) {
    // An ended run: its summary (from its events) in place of the live figures.
    parts.push([
      [countsText(summary), 5],
      [stepsText(summary), 9],
    ]);
    parts.push([
      [timeSplitText(summary), 3],
      [seconds(summary.wallMs), 7],
    ]);
    parts.push(spent("run", run.usage, run.cost, 2, 4));
  } else if (run) {
    if (run.step > 0) parts.push([[`step ${run.step} of ${run.maxSteps}`, 9]]);
    parts.push([[seconds((run.endedAt ?? Date.now()) - run.startedAt), 7]]);
    parts.push(spent("run", run.usage, run.cost, 2, 4));
  }
  parts.push(spent("session", sessionUsage, sessionCost, 1, 1.5));
  return parts;
}

/** What the spinner says: the model writing is not the model keeping us waiting. */
function activity(run: RunView) {
  if (run.memoryCall === "rewrite") return "rewriting the follow-up";
  if (run.memoryCall === "summary") return "updating the conversation summary";
  if (run.memoryCall === "compaction") return "summarising older steps to make room";
  if (run.waitingOn === "tool") return "running the tool";
  const writing =
    run.waitingOn === "llm" && run.steps.some((step) => step.step === run.step && step.raw);
  return writing ? "the model is writing" : "waiting for the model";
}

/**
 * "run 1.2k in / 300 out, $0.0012", giving way at `shorten` to "run $0.0012", which goes
 * at `drop`; tokens only (going at `drop`) while the cost is not known.
 */
function spent(label: string, usage: TokenUsage, cost: CostSum, shorten: number, drop: number) {
  const dollars = costTotal(cost);
  const tokens = `${label} ${count(usage.inputTokens)} in / ${count(usage.outputTokens)} out`;
  if (dollars === undefined) return [[tokens, drop]] as const;
  return [
    [`${tokens}, ${formatCost(dollars)}`, shorten],
    [`${label} ${formatCost(dollars)}`, drop],
  ] as const;
}

/** `gpt-4.1-mini` for `openai:gpt-4.1-mini`: the model says more than its provider. */
function withoutProvider(model: string) {
  const colon = model.indexOf(":");
  return colon === -1 ? model : model.slice(colon + 1);
}

function count(value: number) {
  return value >= 10_000 ? `${(value / 1000).toFixed(0)}k` : String(value);
}

function seconds(ms: number) {
  return `${(Math.max(0, ms) / 1000).toFixed(1)}s`;
}
