import type { ToolCall } from "@langchain-mini/core";
import type { WireEvent } from "../boundary/wire-event.js";
import { readUserFile } from "../config/read-user-file.js";
import { usageError } from "../config/usage-error.js";
import { traceLineProblem } from "./trace-line-check.js";
import type { TraceLine } from "./trace-writer.js";

export interface LoadedTrace {
  readonly lines: readonly TraceLine[];
  /** False when the trace stops before its run-end event (the process was killed). */
  readonly complete: boolean;
}

/** Reads a `--trace` file. A torn last line (a kill mid-write) is dropped, not fatal. */
export async function readTrace(path: string): Promise<LoadedTrace> {
  const text = await readUserFile(path, "the trace");
  const rows = text.split("\n");
  const lines: TraceLine[] = [];
  for (const [index, row] of rows.entries()) {
    if (!row.trim()) continue;
    let value: unknown;
    try {
      value = JSON.parse(row);
    } catch {
      if (index === rows.length - 1) break;
      throw usageError(`${path} line ${index + 1} is not JSON: is it a trace written by --trace?`);
    }
    const problem = traceLineProblem(value);
    if (problem !== undefined) {
      throw usageError(
        `${path} line ${index + 1} is not a trace event (${problem}): is it a trace written by --trace?`,
      );
    }
    lines.push(value as TraceLine);
  }
  if (lines.length === 0)
    throw usageError(`${path} holds no events: is it a trace written by --trace?`);
  return { lines, complete: lines.some((line) => line.type === "run-end") };
}

/** One reply of a `script:` file: its text, or its text and the tools it called. */
type ScriptReply =
  | string
  | { readonly text: string; readonly toolCalls: readonly Omit<ToolCall, "providerData">[] };

/**
 * The replies of every LLM call, in order: a `script:` file that re-runs the trace offline.
 * A reply is its text, or its text and the tools it called (`--agent tools`).
 */
export function completionsOf(lines: readonly WireEvent[]) {
  return lines.flatMap((line): ScriptReply[] => {
    // A call that failed or was cancelled gave no reply to play back.
    if (line.type !== "llm-end" || line.error) return [];
    if (!line.toolCalls?.length) return [line.completion];
    // Only what the script reads: a trace may have been written by hand.
    const toolCalls = line.toolCalls.map(({ id, name, arguments: input }) => ({
      id,
      name,
      arguments: input,
    }));
    return [{ text: line.completion, toolCalls }];
  });
}
