import type { EvalCase } from "../suite/eval-case.js";

/** One run to make: a case on a model, in a trial. */
export interface EvalJob {
  /** Position in the eval's order: names its conversation, orders its result. */
  readonly index: number;
  readonly model: string;
  readonly evalCase: EvalCase;
  readonly trial: number;
}

/**
 * Every case on every model, trial after trial: models take turns, so that with a
 * concurrency below the matrix each provider sees its share from the start.
 */
export function evalJobs(
  cases: readonly EvalCase[],
  models: readonly string[],
  trials: number,
): EvalJob[] {
  const jobs: EvalJob[] = [];
  for (let trial = 1; trial <= trials; trial++) {
    for (const evalCase of cases) {
      for (const model of models) jobs.push({ index: jobs.length, model, evalCase, trial });
    }
  }
  return jobs;
}

/**
 * Runs `work` over the jobs with at most `concurrency` at once, in order. The first
 * failure stops the taking of new jobs and is thrown once those running have settled.
 */
export async function forEachJob<Job>(
  jobs: readonly Job[],
  concurrency: number,
  work: (job: Job) => Promise<void>,
): Promise<void> {
  let next = 0;
  let failure: { error: unknown } | undefined;
  const worker = async () => {
    while (failure === undefined && next < jobs.length) {
      const job = jobs[next++] as Job;
      try {
        await work(job);
      } catch (error) {
        failure ??= { error };
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, jobs.length) }, worker));
  if (failure) throw failure.error;
}
