import type { RunSummary } from "@langchain-mini/core";

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

/** An ended run's wall time and where it went: "4.2s: LLM 3.9s, tools 0.2s, framework 0.1s". */
export function timeSplitText(summary: RunSummary): string {
  return (
    `${seconds(summary.wallMs)}: LLM ${seconds(summary.llmMs)}, tools ${seconds(summary.toolMs)}, ` +
    `framework ${seconds(summary.frameworkMs)}`
  );
}
