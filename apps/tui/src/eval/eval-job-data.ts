import type { CaseRuntime, EvalCase, EvalJob } from "@langchain-mini/eval";

/**
 * What every case run of one eval shares: enough for any process to run it the way the
 * eval's own process would. Never a key: each process uses those of its own environment.
 */
export interface EvalJobSettings {
  /** `ask`'s flags given to the eval (`--tools`, `--agent`, limits, …). */
  readonly runtime: CaseRuntime;
  /** The judge spec, when the suite has cases that need one. */
  readonly judge?: string;
  /** `--scorer` modules, loaded by each process from `cwd`. */
  readonly scorers: readonly string[];
  /** The eval's working directory: where plug-in modules named by path are found. */
  readonly cwd: string;
}

/** One case run in the queue. */
export interface EvalJobData {
  /** The eval it belongs to: its cancellation and its mark of life. */
  readonly evalId: string;
  readonly job: EvalJob;
  readonly settings: EvalJobSettings;
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

/**
 * The job data read back from the queue, or undefined when it is not an eval's case run
 * (written by another version, or by hand). The case was checked by the eval that sent it.
 */
export function asEvalJobData(data: unknown): EvalJobData | undefined {
  if (!isRecord(data) || typeof data.evalId !== "string") return undefined;
  const { job, settings } = data;
  if (!isRecord(job) || !isRecord(settings)) return undefined;
  const { index, model, evalCase, trial } = job;
  if (typeof index !== "number" || typeof model !== "string" || typeof trial !== "number") {
    return undefined;
  }
  if (!isRecord(evalCase) || typeof evalCase.id !== "string") return undefined;
  const { runtime, judge, scorers, cwd } = settings;
  if (!isRecord(runtime) || typeof cwd !== "string") return undefined;
  if (judge !== undefined && typeof judge !== "string") return undefined;
  if (!Array.isArray(scorers) || !scorers.every((name) => typeof name === "string")) {
    return undefined;
  }
  return {
    evalId: data.evalId,
    job: { index, model, evalCase: evalCase as unknown as EvalCase, trial },
    settings: {
      runtime: runtime as CaseRuntime,
      ...(judge !== undefined ? { judge } : {}),
      scorers,
      cwd,
    },
  };
}
