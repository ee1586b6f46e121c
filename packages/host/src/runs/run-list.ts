import type { LoadedRun, RunJournal, StoreCallOptions } from "@langchain-mini/core";
import type { Env } from "../config/env.js";
import { usageError } from "../config/usage-error.js";
import { type RunSummary, summarise } from "./run-summary.js";

/** How long runs are kept after their last record, unless LANGCHAIN_MINI_RUNS_KEEP_DAYS says. */
export const DEFAULT_KEEP_DAYS = 30;

const DAY_MS = 86_400_000;

/** LANGCHAIN_MINI_RUNS_KEEP_DAYS: days above 0, fractions allowed; the default when unset. */
export function keepDaysSetting(env: Env): number {
  const value = env.LANGCHAIN_MINI_RUNS_KEEP_DAYS;
  if (value === undefined || value.trim() === "") return DEFAULT_KEEP_DAYS;
  const days = Number(value);
  if (!Number.isFinite(days) || days <= 0) {
    throw usageError(
      `LANGCHAIN_MINI_RUNS_KEEP_DAYS must be a number of days above 0, got '${value}'`,
    );
  }
  return days;
}

/**
 * The runs a journal keeps, newest first, each summarised from its records and lease.
 * Runs whose last record is older than `keepDays` are deleted on the way, unless a live
 * process holds them; a run without a start record is skipped with a warning.
 */
export async function listRuns(
  journal: RunJournal,
  options: StoreCallOptions & { readonly keepDays?: number } = {},
): Promise<RunSummary[]> {
  const keepMs = (options.keepDays ?? DEFAULT_KEEP_DAYS) * DAY_MS;
  const now = Date.now();
  const summaries: RunSummary[] = [];
  for (const { runId, updatedAt } of await journal.list(options)) {
    const [loaded, lease] = await Promise.all([
      journal.load(runId, options),
      journal.lease(runId, options),
    ]);
    for (const warning of loaded.warnings) options.onWarning?.(warning);
    const summary = summarise(runId, loaded, lease, updatedAt);
    if (summary?.status !== "running" && now - updatedAt.getTime() > keepMs) {
      await journal.delete(runId, options);
      continue;
    }
    if (summary) summaries.push(summary);
    else
      options.onWarning?.(
        `Run ${runId} has no start record: delete it with langchain-mini runs delete ${runId}`,
      );
  }
  return summaries;
}

/** A run found in its journal: its summary, and the records it was read from. */
export interface FoundRun {
  readonly summary: RunSummary;
  readonly run: LoadedRun;
}

/**
 * One run, read once: its summary (as of now) and its records; undefined when the
 * journal has no such run.
 */
export async function findRun(
  journal: RunJournal,
  runId: string,
  options: StoreCallOptions = {},
): Promise<FoundRun | undefined> {
  const [run, lease] = await Promise.all([
    journal.load(runId, options),
    journal.lease(runId, options),
  ]);
  const summary = summarise(runId, run, lease, new Date());
  return summary && { summary, run };
}
