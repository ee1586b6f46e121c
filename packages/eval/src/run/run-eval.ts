import { AsyncLocalStorage } from "node:async_hooks";
import type { Host } from "@langchain-mini/host";
import { summariseModels } from "../report/summarise.js";
import { builtInScorers } from "../scorers/built-in-scorers.js";
import type { Scorer } from "../scorers/scorer.js";
import type { EvalCase, EvalSuite } from "../suite/eval-case.js";
import type { CaseResult, EvalReport } from "./case-result.js";
import { createCaseRunner } from "./case-runner.js";
import type { CaseRuntime } from "./case-runtime.js";
import { type EvalJob, evalJobs, forEachJob } from "./eval-jobs.js";
import { type CallOwner, RecordingError } from "./llm-recording.js";
import { modelCalls } from "./model-calls.js";

export interface EvalOptions {
  /** The configuration runs are made in (keys, plug-ins, prices). */
  readonly host: Host;
  /** `--llm` specs to run every case on; default the suite's `models`, else the default provider. */
  readonly models?: readonly string[];
  /** Runs of each case on each model; default 1. */
  readonly trials?: number;
  /** Case runs at once, across models; default 4. */
  readonly concurrency?: number;
  /** `--tools`, `--agent`, `--max-steps`, … for every case (a case's `tools` and `limits` win). */
  readonly runtime?: CaseRuntime;
  /** The judge's `--llm` spec; default the suite's `judge`. */
  readonly judge?: string;
  /** Scorers beyond the built-ins (`loadScorers`). */
  readonly scorers?: readonly Scorer[];
  /** Keep every LLM exchange in this folder, a file per model. */
  readonly record?: string;
  /** Answer every LLM call from this folder's recording instead: no key, no network. */
  readonly replay?: string;
  /**
   * Runs the case runs somewhere else than here (a queue other processes work too).
   * Neither `record` nor `replay` goes with it: a recording is kept by one process.
   */
  readonly dispatch?: JobDispatch;
  readonly signal?: AbortSignal;
  /** Each case run as it is scored, with how many are done. */
  readonly onResult?: (result: CaseResult, done: number, total: number) => void;
}

/** What a dispatch is given besides the jobs. */
export interface DispatchContext {
  /** Case runs under way at once, at most. */
  readonly concurrency: number;
  /** The judge spec every job scores with, when the suite needs one. */
  readonly judge?: string;
  readonly signal: AbortSignal;
  /** Called once per job, with its result, in any order. */
  readonly onResult: (job: EvalJob, result: CaseResult) => void;
}

/**
 * Carries out every job (with `createCaseRunner`, wherever it runs); resolves once all
 * have their result, rejects on the first that failed or when the signal ends.
 */
export type JobDispatch = (jobs: readonly EvalJob[], context: DispatchContext) => Promise<void>;

/**
 * Runs every case of a suite on every model, `trials` times, at most `concurrency` at
 * once, scores each run and returns the report (per-model summaries and every result,
 * in the suite's order).
 */
export async function runEval(suite: EvalSuite, options: EvalOptions): Promise<EvalReport> {
  const startedAt = new Date();
  const trials = options.trials ?? 1;
  const concurrency = options.concurrency ?? 4;
  const models = await modelsOf(suite, options);
  const judge = needsJudge(suite.cases) ? (options.judge ?? suite.judge) : undefined;
  const jobs = evalJobs(suite.cases, models, trials);
  const results: CaseResult[] = [];
  let done = 0;
  const collect = (job: EvalJob, result: CaseResult) => {
    results[job.index] = result;
    options.onResult?.(result, ++done, jobs.length);
  };
  const stop = new AbortController();
  const signal = options.signal ? AbortSignal.any([options.signal, stop.signal]) : stop.signal;
  if (options.dispatch) {
    if (options.record || options.replay) {
      throw new RecordingError(
        "A recording is made or replayed in one process, not through a queue",
      );
    }
    await options.dispatch(jobs, {
      concurrency,
      signal,
      ...(judge !== undefined ? { judge } : {}),
      onResult: collect,
    });
  } else {
    const owners = new AsyncLocalStorage<CallOwner>();
    const calls = await modelCalls(models, options, () => owners.getStore(), startedAt);
    const runner = createCaseRunner({
      host: options.host,
      ...(options.runtime ? { runtime: options.runtime } : {}),
      ...(judge !== undefined ? { judge } : {}),
      scorers: [...builtInScorers, ...(options.scorers ?? [])],
      calls,
    });
    try {
      await runner.prepare();
      await forEachJob(jobs, concurrency, async (job) => {
        const who = { caseId: job.evalCase.id, trial: job.trial };
        collect(job, await owners.run(who, () => runner.run(job, signal)));
      }).catch((error: unknown) => {
        stop.abort();
        throw error;
      });
      await calls.save();
    } finally {
      await runner.close();
    }
  }
  return {
    suite: suite.name,
    startedAt: startedAt.toISOString(),
    durationMs: Date.now() - startedAt.getTime(),
    models: summariseModels(results),
    results,
  };
}

const needsJudge = (cases: readonly EvalCase[]) =>
  cases.some((evalCase) => Object.hasOwn(evalCase, "judge"));

/** The models to run: `--llm`, else the suite's matrix, else what a replay recorded. */
async function modelsOf(suite: EvalSuite, options: EvalOptions): Promise<readonly string[]> {
  const models = options.models?.length ? options.models : suite.models;
  if (models?.length) return [...new Set(models)];
  if (options.replay) {
    throw new RecordingError(
      "A replay needs the models it recorded: name them with --llm (or the suite's models)",
    );
  }
  // The default provider, as `ask` would choose it: named after the model it gives.
  const session = await options.host.openSession({ ...options.runtime, journal: false });
  try {
    return [session.model];
  } finally {
    await session.close();
  }
}
