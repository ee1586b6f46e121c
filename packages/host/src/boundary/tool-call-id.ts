import { isRunId } from "@langchain-mini/core";

/** Where a tool call sits in a run: its step, and its place among the step's calls from 1. */
export interface ToolCallPlace {
  readonly runId: string;
  readonly step: number;
  readonly call: number;
}

/**
 * A tool call's id on the UI message stream, also the id of the approval it may wait
 * for: `<runId>:<step>`, and `<runId>:<step>:<n>` for the n-th call of a step (tools mode
 * may call several tools at once). A run id has no `:`, so the id reads back unambiguously,
 * and a page that sends an approval back names the run it decides on.
 */
export function toolCallId({ runId, step, call }: ToolCallPlace): string {
  return call === 1 ? `${runId}:${step}` : `${runId}:${step}:${call}`;
}

const placePattern = /^([^:]+):([1-9][0-9]{0,8})(?::([2-9]|[1-9][0-9]{1,8}))?$/;

/** The place a tool call id names, or undefined when it is not one of ours. */
export function parseToolCallId(id: string): ToolCallPlace | undefined {
  const match = placePattern.exec(id);
  if (!match?.[1] || !match[2] || !isRunId(match[1])) return undefined;
  return { runId: match[1], step: Number(match[2]), call: match[3] ? Number(match[3]) : 1 };
}
