import type { JobDispatch } from "@langchain-mini/eval";
import type { Host } from "@langchain-mini/host";
import { windDownWithin } from "../stop-signals.js";
import type { EvalJobSettings } from "./eval-job-data.js";
import { openEvalQueue } from "./eval-queue.js";
import { startEvalWorker } from "./eval-worker.js";

/** How long a stopped eval gets to take its jobs back from the queue and close. */
const WIND_DOWN_MS = 15_000;
const STOP_SIGNALS = ["SIGINT", "SIGTERM", "SIGHUP"] as const;

export interface FanOut {
  /** runEval's `dispatch`: the case runs go through the queue. */
  readonly dispatch: JobDispatch;
  /** Ends on a stop signal: the eval then takes its jobs back before the process ends. */
  readonly signal: AbortSignal;
  close(): Promise<void>;
}

export interface FanOutOptions {
  readonly host: Host;
  /** The `redis://…` URL of `--store`. */
  readonly store: string;
  /** `--concurrency`: this eval's case runs at once across the queue, and this process's share. */
  readonly concurrency: number;
  /** What every job carries (the judge is added per eval). */
  readonly settings: Omit<EvalJobSettings, "judge">;
  readonly report: (error: Error) => void;
}

/**
 * `eval --store redis://…`: this process submits every case run to the queue on that
 * Redis and works them too, beside every serve process on the same Redis. A stop signal
 * is heard here (not left to end the process at once) so that the eval's jobs are taken
 * back from the queue first.
 */
export async function startFanOut(options: FanOutOptions): Promise<FanOut> {
  const stop = new AbortController();
  const onSignal = () => stop.abort(new Error("The eval was stopped"));
  windDownWithin(WIND_DOWN_MS);
  for (const signal of STOP_SIGNALS) process.on(signal, onSignal);
  const queue = await openEvalQueue(options.store, options.settings, options.report).catch(
    (error: unknown) => {
      for (const signal of STOP_SIGNALS) process.off(signal, onSignal);
      throw error;
    },
  );
  const worker = await startEvalWorker({
    host: options.host,
    store: options.store,
    concurrency: options.concurrency,
    report: options.report,
  }).catch(async (error: unknown) => {
    await queue.close();
    for (const signal of STOP_SIGNALS) process.off(signal, onSignal);
    throw error;
  });
  return {
    dispatch: queue.dispatch,
    signal: stop.signal,
    async close() {
      await worker.close();
      await queue.close();
      for (const signal of STOP_SIGNALS) process.off(signal, onSignal);
    },
  };
}
