import type { RunRecord, Tool } from "@langchain-mini/core";
import { usageError } from "../config/usage-error.js";
import { whoIsHere } from "./journaled-run.js";
import { busyError, type RunSummary } from "./run-summary.js";

/** A person's decision on the call a paused run waits on (`runs approve` / `runs deny`). */
export interface RunDecision {
  readonly approved: boolean;
  /** What the model is told with a denial. */
  readonly note?: string;
  /** Who decided; default the user on this machine (`user@host`). */
  readonly by?: string;
}

/** A run that may be taken up: not answered, not held by a live process, and the same tools. */
export function checkResumable(
  summary: RunSummary,
  tools: readonly Tool<unknown>[],
  decision: RunDecision | undefined,
) {
  const { runId, status } = summary;
  if (status === "answered") {
    throw usageError(
      `Run ${runId} was answered already: langchain-mini runs show ${runId} prints it`,
    );
  }
  if (status === "running") throw busyError(runId, summary.heldBy);
  if (decision && status !== "paused") {
    throw usageError(
      `Run ${runId} is not waiting for a decision (it is ${status}): resume it with langchain-mini runs resume ${runId}`,
    );
  }
  const names = tools.map((tool) => tool.name).join(",");
  const recorded = summary.settings.tools.join(",");
  if (names !== recorded) {
    throw usageError(
      `Run ${runId} was started with the tools [${recorded}], this session has [${names}]: give the same tools (--tools, --mcp) to resume it`,
    );
  }
}

/** What a person decided, recorded with who and when, about the call the run waits on. */
export function decisionRecord(summary: RunSummary, decision: RunDecision): RunRecord {
  const waiting = summary.waitingOn;
  if (!waiting) throw new Error("a paused run waits on a call");
  const note = decision.note?.trim();
  return {
    type: "decision",
    step: waiting.step,
    tool: waiting.tool,
    input: waiting.input,
    approved: decision.approved,
    asked: true,
    ...(note && !decision.approved ? { note } : {}),
    by: decision.by ?? whoIsHere(),
    at: new Date().toISOString(),
  };
}
