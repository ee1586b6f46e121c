import type { Llm } from "@langchain-mini/core";
import type { Host } from "@langchain-mini/host";
import { scoreCase } from "../scorers/score-case.js";
import type { Scorer } from "../scorers/scorer.js";
import type { CaseOutcome } from "./case-outcome.js";
import type { CaseResult } from "./case-result.js";
import { runCase } from "./case-run.js";
import type { CaseRuntime } from "./case-runtime.js";
import type { EvalJob } from "./eval-jobs.js";
import { liveCalls, type ModelCalls } from "./model-calls.js";
import { SessionPool } from "./session-pool.js";

export interface CaseRunnerOptions {
  /** The configuration runs are made in (this process's keys, plug-ins, prices). */
  readonly host: Host;
  /** `ask`'s flags for every case (a case's `tools` and `limits` win). */
  readonly runtime?: CaseRuntime;
  /** The judge's `--llm` spec, when the suite has cases that need one. */
  readonly judge?: string;
  /** Every scorer, built-ins included. */
  readonly scorers: readonly Scorer[];
  /** Live (the default), recorded or replayed. */
  readonly calls?: ModelCalls;
}

/** Runs case runs on one host: what the eval runs in process and a queue's worker runs. */
export interface CaseRunner {
  /** Runs the job's case, scores it: its result. Only `signal`'s abort makes it throw. */
  run(job: EvalJob, signal: AbortSignal): Promise<CaseResult>;
  /** Opens the judge now, if there is one: a judge that cannot be opened fails before any case. */
  prepare(): Promise<void>;
  /** Closes the sessions it opened (their MCP servers, sandboxes). */
  close(): Promise<void>;
}

/**
 * A case runner: sessions per model, tool list and limits, opened when first needed and
 * kept for the runs that follow; judges opened once per spec.
 */
export function createCaseRunner(options: CaseRunnerOptions): CaseRunner {
  const calls = options.calls ?? liveCalls(options.host);
  const sessions = new SessionPool(options.host, options.runtime, calls);
  const judges = new Map<string, Promise<Llm>>();
  const openJudge = (spec: string) => {
    let judge = judges.get(spec);
    if (!judge) {
      judge = calls.judge(spec);
      // A judge that failed to open is tried again by the next case, not remembered.
      judge.catch(() => judges.delete(spec));
      judges.set(spec, judge);
    }
    return judge;
  };
  return {
    async run(job, signal) {
      const who = { caseId: job.evalCase.id, trial: job.trial };
      const session = await sessions.for(job);
      const maxTimeMs = job.evalCase.limits?.maxTimeMs;
      const outcome = await runCase(session, job.evalCase, {
        conversation: `eval-${job.index}`,
        signal: maxTimeMs ? AbortSignal.any([signal, AbortSignal.timeout(maxTimeMs)]) : signal,
        ...(calls.today ? { today: calls.today } : {}),
      });
      calls.check(who);
      const judge = options.judge === undefined ? undefined : await openJudge(options.judge);
      const scored = await scoreCase(job.evalCase, outcome, options.scorers, {
        signal,
        ...(judge ? { judge } : {}),
        openJudge,
      });
      calls.check(who);
      return caseResult(job, outcome, scored);
    },
    async prepare() {
      if (options.judge !== undefined) await openJudge(options.judge);
    },
    close: () => sessions.close(),
  };
}

function caseResult(
  job: EvalJob,
  outcome: CaseOutcome,
  scored: Awaited<ReturnType<typeof scoreCase>>,
): CaseResult {
  return {
    model: job.model,
    caseId: job.evalCase.id,
    trial: job.trial,
    ...outcome,
    pass: scored.pass,
    scores: scored.scores,
    ...(scored.judgeCost !== undefined ? { judgeCost: scored.judgeCost } : {}),
  };
}
