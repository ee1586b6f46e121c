import type { RunSummary } from "@langchain-mini/core";

const plural = (count: number, noun: string) => `${count} ${noun}${count === 1 ? "" : "s"}`;
const seconds = (ms: number) => `${(Math.max(0, ms) / 1000).toFixed(1)}s`;

/** An ended run's steps and LLM calls, for the status bar: "2 steps, 3 LLM calls". */
export function countsText(summary: RunSummary): string {
  return `${plural(summary.steps, "step")}, ${plural(summary.llmCalls, "LLM call")}`;
}

/** An ended run's wall time and where it went: "4.2s: LLM 3.9s, tools 0.2s, framework 0.1s". */
export function timeSplitText(summary: RunSummary): string {
  return (
    `${seconds(summary.wallMs)}: LLM ${seconds(summary.llmMs)}, tools ${seconds(summary.toolMs)}, ` +
    `framework ${seconds(summary.frameworkMs)}`
  );
}
