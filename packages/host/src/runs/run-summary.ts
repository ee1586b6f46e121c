import {
  LangchainMiniError,
  type LoadedRun,
  type RunLease,
  type RunRecord,
  type RunSettings,
} from "@langchain-mini/core";
import { leaseIsLive } from "./run-lease.js";

/**
 * Where a run stands: `running` while a live process holds it, `interrupted` once that
 * process is gone, `paused` while a call waits for a person, else how it ended.
 */
export type RunState =
  | "running"
  | "interrupted"
  | "paused"
  | "answered"
  | "stopped"
  | "failed"
  | "aborted";

export interface RunSummary {
  readonly runId: string;
  readonly status: RunState;
  readonly question: string;
  readonly settings: RunSettings;
  readonly startedAt: string;
  readonly updatedAt: Date;
  /** The call a paused run waits on. */
  readonly waitingOn?: { readonly step: number; readonly tool: string; readonly input: string };
  readonly answer?: string;
  /** Who holds a running run: its process on its machine. */
  readonly heldBy?: { readonly host: string; readonly pid: number };
}

type StartRecord = Extract<RunRecord, { type: "start" }>;

export function startOf(records: readonly RunRecord[]): StartRecord | undefined {
  const first = records[0];
  return first?.type === "start" ? first : undefined;
}

/** A run's summary from its journal and lease; undefined for records without a start. */
export function summarise(
  runId: string,
  run: LoadedRun,
  lease: RunLease | undefined,
  updatedAt: Date,
): RunSummary | undefined {
  const start = startOf(run.records);
  if (!start) return undefined;
  const base = {
    runId,
    question: start.settings.asked ?? start.question,
    settings: start.settings,
    startedAt: start.at,
    updatedAt,
  };
  const last = run.records.at(-1);
  if (last?.type === "end") {
    const status = endStatus(last.status);
    const pause = status === "paused" ? lastPause(run.records) : undefined;
    return {
      ...base,
      status,
      ...(pause ? { waitingOn: pause } : {}),
      ...(last.answer === undefined ? {} : { answer: last.answer }),
    };
  }
  if (leaseIsLive(lease)) {
    return {
      ...base,
      status: "running",
      ...(lease ? { heldBy: { host: lease.host, pid: lease.pid } } : {}),
    };
  }
  const pause = lastPause(run.records);
  if (pause) return { ...base, status: "paused", waitingOn: pause };
  return { ...base, status: "interrupted" };
}

/** The call a run paused on, unless a decision on it was recorded since. */
function lastPause(records: readonly RunRecord[]) {
  for (let index = records.length - 1; index >= 0; index--) {
    const record = records[index];
    if (record?.type === "decision" || record?.type === "llm" || record?.type === "tool-end")
      return undefined;
    if (record?.type === "pause")
      return { step: record.step, tool: record.tool, input: record.input };
  }
  return undefined;
}

/** A run another live process holds: never taken up twice. */
export function busyError(runId: string, holder: { host: string; pid: number } | undefined) {
  const where = holder ? ` by process ${holder.pid} on ${holder.host}` : "";
  return new LangchainMiniError(
    "run_busy",
    `Run ${runId} is still running${where}: wait for it to end, or stop that process first`,
  );
}

function endStatus(status: string): RunState {
  const known: readonly RunState[] = ["answered", "stopped", "failed", "aborted", "paused"];
  return known.find((state) => state === status) ?? "failed";
}
