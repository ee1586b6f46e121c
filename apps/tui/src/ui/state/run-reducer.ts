import { type AgentEvent, tallyCall } from "@langchain-mini/core";
import { terminalText as safe } from "@langchain-mini/host";
import { approvalText } from "../../approval/approval-text.js";
import { compactionText } from "../../render/compaction-text.js";
import { resumedText } from "../../render/text-trace.js";
import type { RunOutcome, RunView, TraceStep } from "./ui-state.js";

// A Map: a replayed trace may hold any status, `constructor` included.
const outcomeOf: ReadonlyMap<string, RunOutcome> = new Map([
  ["answered", "answered"],
  ["stopped", "stopped"],
  ["failed", "failed"],
  ["aborted", "cancelled"],
  ["paused", "stopped"],
]);

/** Folds one agent event into the run the trace pane shows. Pure. */
export function reduceRun(run: RunView, event: AgentEvent): RunView {
  // Memory's own calls (the follow-up's rewrite, the summary) are no steps of the agent:
  // the rewrite shows as the standalone question, and their tokens and cost count.
  if ("purpose" in event && event.purpose) {
    if (event.type === "llm-start") return { ...run, waitingOn: "llm", memoryCall: event.purpose };
    if (event.type === "llm-end")
      return { ...run, ...tallyCall(run, event), memoryCall: undefined };
    return run;
  }
  switch (event.type) {
    case "run-start":
      return { ...run, maxSteps: event.maxSteps };
    case "standalone-question":
      return { ...run, standaloneQuestion: safe(event.question) };
    case "warning":
      return { ...run, warnings: [...run.warnings, safe(event.message)] };
    case "resumed":
      return {
        ...run,
        warnings: [...run.warnings, `Resumed: ${resumedText(event.replayedCalls)}`],
      };
    case "compaction":
      return { ...run, warnings: [...run.warnings, `Compaction: ${compactionText(event)}`] };
    case "log":
      // A plug-in's log line (an MCP server's stderr) belongs in trace files, not on screen.
      return run;
    case "llm-start":
      return {
        ...run,
        step: event.step,
        waitingOn: "llm",
        steps: [...run.steps.filter((step) => step.step !== event.step), emptyStep(event.step)],
      };
    case "llm-delta":
      return updateStep(run, event.step, (step) => streamed(step, step.raw + event.text));
    case "llm-end":
      return {
        ...updateStep(run, event.step, (step) => streamed(step, event.completion)),
        waitingOn: undefined,
        ...tallyCall(run, event),
      };
    case "parse-error":
      return updateStep(run, event.step, () => ({ formatError: safe(event.message) }));
    case "action":
      return updateStep(run, event.step, () => ({
        thought: safe(event.thought),
        tool: safe(event.tool),
        toolInput: safe(event.input),
        ...(event.origin ? { toolOrigin: safe(event.origin) } : {}),
      }));
    case "approval":
      return updateStep(run, event.step, () => ({
        approval: safe(approvalText(event)),
        declined: event.decision === "declined",
      }));
    case "tool-start":
      return { ...run, waitingOn: "tool" };
    case "tool-end":
      return {
        ...updateStep(run, event.step, () =>
          event.error ? { toolError: safe(event.error.message) } : {},
        ),
        waitingOn: undefined,
      };
    case "observation":
      return updateStep(run, event.step, () => ({ observation: safe(event.text) }));
    case "final-answer":
      return updateStep(run, event.step, () => ({
        thought: safe(event.thought),
        finalAnswer: safe(event.answer),
      }));
    case "error":
      return { ...run, error: safe(event.error.message) };
    case "run-end":
      return {
        ...run,
        outcome: outcomeOf.get(event.result.status) ?? "failed",
        error: run.error ?? (event.result.error ? safe(event.result.error.message) : undefined),
        waitingOn: undefined,
        usage: event.result.usage,
      };
    default:
      event satisfies never;
      return run;
  }
}

export function emptyStep(step: number): TraceStep {
  return { step, raw: "", streamed: "" };
}

function streamed(step: TraceStep, raw: string): Partial<TraceStep> {
  return raw === step.raw ? {} : { raw, streamed: safe(raw) };
}

/** Changes one step; an event for a step the UI has not seen (no llm-start) creates it. */
function updateStep(
  run: RunView,
  number: number,
  change: (step: TraceStep) => Partial<TraceStep>,
): RunView {
  const index = run.steps.findIndex((step) => step.step === number);
  const current = index === -1 ? emptyStep(number) : (run.steps[index] as TraceStep);
  const next = { ...current, ...change(current) };
  const steps =
    index === -1 ? [...run.steps, next] : run.steps.map((step, at) => (at === index ? next : step));
  return { ...run, steps };
}
