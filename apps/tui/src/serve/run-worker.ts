import { setTimeout as sleep } from "node:timers/promises";
import { describeThrown } from "@langchain-mini/core";
import { type IRedisClient, type Job, Worker } from "bullmq";
import type { RedisTimings } from "./redis-timings.js";

/** The pause after a failed fetch of the next job. */
const FETCH_RETRY_MS = 1_000;
/** The pause before trying to start again after a failed start (Redis restarting). */
const START_RETRY_MS = 1_000;

/**
 * BullMQ's Worker, pausing after a failed fetch of the next job. BullMQ 6 swallows a
 * fetch error that is not a lost connection (a replica turned read-only by a failover, a
 * Redis out of memory, a connection whose setup failed for good) and fetches again at
 * once: a loop of promises that never lets timers or I/O run, which freezes the process
 * at full CPU. The pause lets the process live and bounds how often it tries again.
 */
class PacedWorker extends Worker {
  protected override async moveToActive(token: string, name?: string): Promise<Job> {
    try {
      return await super.moveToActive(token, name);
    } catch (error) {
      await sleep(FETCH_RETRY_MS);
      throw error;
    }
  }
}

export interface RunWorkerOptions {
  /** See bullmqConnection. */
  readonly connection: IRedisClient;
  readonly prefix: string;
  /** The queue: serve's runs, or evals' case runs. */
  readonly queueName: string;
  /** A job as a failure names it, e.g. `Run 0a1b…`. */
  readonly describe: (job: Job | undefined) => string;
  readonly concurrency: number;
  readonly timings: RedisTimings;
  /** Carries out a job; what it resolves with is the job's result. */
  readonly carryOut: (job: Job, token: string | undefined) => Promise<unknown>;
  /** BullMQ could not renew these jobs' locks: they may be taken by another process. */
  readonly lostLocks: (jobIds: readonly string[]) => void;
  readonly report: (error: Error) => void;
  /** True once the queue is closing: a worker still starting then gives up. */
  readonly stopping: () => boolean;
}

/**
 * Starts taking runs once the worker's connections are set up: BullMQ never recovers a
 * worker whose setup failed (Redis went away right then), so such a worker is dropped
 * and another one started. Undefined when the queue started closing first.
 */
export async function startRunWorker(options: RunWorkerOptions): Promise<Worker | undefined> {
  while (!options.stopping()) {
    const worker = newWorker(options);
    try {
      await worker.waitUntilReady();
    } catch (error) {
      options.report(queueError(error));
      await worker.close(true).catch(() => {});
      await sleep(START_RETRY_MS);
      continue;
    }
    if (options.stopping()) {
      await worker.close();
      return undefined;
    }
    worker.run().catch((error: unknown) => options.report(queueError(error)));
    return worker;
  }
  return undefined;
}

function newWorker(options: RunWorkerOptions): Worker {
  const { timings, report } = options;
  const worker = new PacedWorker(options.queueName, options.carryOut, {
    connection: options.connection,
    prefix: options.prefix,
    concurrency: options.concurrency,
    lockDuration: timings.lockMs,
    stalledInterval: timings.stalledIntervalMs,
    maxStalledCount: timings.maxStalls,
    autorun: false,
  });
  worker.on("error", (error: Error) => report(queueError(error)));
  worker.on("failed", (job: Job | undefined, error: Error) => {
    report(new Error(`${options.describe(job)} failed in the queue: ${describeThrown(error)}`));
  });
  worker.on("lockRenewalFailed", (jobIds: string[]) => options.lostLocks(jobIds));
  return worker;
}

/** A failure of BullMQ's, as the one line a report shows. */
export function queueError(error: unknown): Error {
  return new Error(`The run queue: ${describeThrown(error)}`);
}
