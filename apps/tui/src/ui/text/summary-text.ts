import type { AgentResult, RunSummary } from "@langchain-mini/core";
import { formatCost } from "../../render/format-cost.js";

const plural = (count: number, noun: string) => `${count} ${noun}${count === 1 ? "" : "s"}`;
const seconds = (ms: number) => `${(Math.max(0, ms) / 1000).toFixed(1)}s`;

/**
 * An ended run's steps, for the status bar: "2 steps", as the trace numbers them (a step
 * is one LLM call and what follows it); memory's own calls are named apart.
 */
export function countsText(summary: RunSummary): string {
  const memoryCalls = summary.llmCalls - summary.steps;
  const steps = plural(summary.steps, "step");
  return memoryCalls > 0 ? `${steps} + ${plural(memoryCalls, "memory call")}` : steps;
}

/** "2 steps": the counts without memory's calls, where room is short. */
export function stepsText(summary: RunSummary): string {
  return plural(summary.steps, "step");
}

/** An ended run's wall time and where it went: "4.2s: LLM 3.9s, tools 0.2s, framework 0.1s". */
export function timeSplitText(summary: RunSummary): string {
  return (
    `${seconds(summary.wallMs)}: LLM ${seconds(summary.llmMs)}, tools ${seconds(summary.toolMs)}, ` +
    `framework ${seconds(summary.frameworkMs)}`
  );
}

/** One run in a line, for the transcript: "2 steps · 4.2s · 1234 in / 56 out tokens · $0.0012". */
export function runSummaryText(steps: number, result: AgentResult): string {
  const { usage, cost } = result;
  const parts = [plural(steps, "step"), seconds(result.durationMs)];
  parts.push(`${usage.inputTokens} in / ${usage.outputTokens} out tokens`);
  if (cost !== undefined) parts.push(formatCost(cost));
  return parts.join(" · ");
}
