import { setTimeout as sleep } from "node:timers/promises";
import { describeThrown } from "@langchain-mini/core";
import {
  type IRedisClient,
  type Job,
  Queue,
  UnrecoverableError,
  WaitingError,
  type Worker,
} from "bullmq";
import { bullmqConnection } from "./bullmq-connection.js";
import type { ChatLocks, RunJob, RunQueue } from "./coordination.js";
import { PacedWorker } from "./paced-worker.js";
import type { RedisClient } from "./redis-clients.js";
import type { ServeKeys } from "./redis-keys.js";
import type { RedisTimings } from "./redis-timings.js";
import { asRunJob } from "./run-job-data.js";
import { cancelledRun, handedOver, isHandedOver } from "./stop-reasons.js";

/** The BullMQ queue every serve process shares. */
export const QUEUE_NAME = "langchain-mini-runs";

/** The pause before starting to take runs again after a failed start (Redis restarting). */
const START_RETRY_MS = 1_000;

type Handler = (job: RunJob, signal: AbortSignal) => Promise<void>;

interface Running {
  readonly job: RunJob;
  readonly jobId: string | undefined;
  readonly controller: AbortController;
  /** BullMQ could not renew its lock: the job may already run elsewhere. */
  lost: boolean;
}

export interface RedisRunQueueOptions {
  /** Shared with BullMQ (which sends its commands on it and leaves it open) and the rest. */
  readonly client: RedisClient;
  /** A connection of its own: a subscribed connection does nothing else. */
  readonly subscriber: RedisClient;
  readonly keys: ServeKeys;
  readonly timings: RedisTimings;
  /** Claims of the runs carried out here are renewed while their handlers run. */
  readonly chats: ChatLocks;
  readonly report: (error: Error) => void;
}

/**
 * The runs of every serve process in one BullMQ queue. A handler's signal ends when its
 * run is cancelled from any process (published on a channel, and marked for a run that
 * has not started yet), when this process closes, or when BullMQ could not keep the job
 * here (its lock was lost). In the last two cases the job goes back to the queue for
 * another process: by moving it back to wait on `close`, or, for a process that dies,
 * by BullMQ's stalled check once its lock expires.
 */
export class RedisRunQueue implements RunQueue {
  readonly #options: RedisRunQueueOptions;
  /** What BullMQ's Queue and Worker share (see bullmqConnection). */
  readonly #connection: IRedisClient;
  readonly #queue: Queue;
  readonly #running = new Set<Running>();
  #worker: Worker | undefined;
  #starting: Promise<void> | undefined;
  #closing: Promise<void> | undefined;

  constructor(options: RedisRunQueueOptions) {
    this.#options = options;
    const keep = { age: Math.ceil(options.timings.keepJobsMs / 1000), count: 1_000 };
    this.#connection = bullmqConnection(options.client);
    this.#queue = new Queue(QUEUE_NAME, {
      connection: this.#connection,
      prefix: options.keys.queuePrefix,
      defaultJobOptions: { removeOnComplete: keep, removeOnFail: keep },
    });
    this.#queue.on("error", (error: Error) => options.report(queueError(error)));
  }

  async submit(job: RunJob): Promise<void> {
    if (this.#closing) throw new Error(`The run queue is closed: run ${job.runId} was not taken`);
    await this.#queue.add(job.kind, job);
  }

  work(handler: Handler, concurrency: number): void {
    if (this.#starting) throw new Error("This queue already has a handler working on it");
    if (!Number.isInteger(concurrency) || concurrency < 1) {
      throw new Error(`A queue works on at least one run at once, not ${concurrency}`);
    }
    this.#starting = this.#start(handler, concurrency).catch((error: unknown) => {
      this.#options.report(new Error(`Could not start taking runs: ${describeThrown(error)}`));
    });
  }

  async cancel(runId: string): Promise<void> {
    const { client, keys, timings } = this.#options;
    // The mark first: a process that starts the run after the message went sees it.
    await client.set(keys.cancelled(runId), "1", {
      expiration: { type: "PX", value: timings.cancelMarkMs },
    });
    await client.publish(keys.cancelChannel, runId);
  }

  close(): Promise<void> {
    this.#closing ??= this.#close();
    return this.#closing;
  }

  /** Resolves once the queue's connection is set up; rejects for good if it could not be. */
  async ready(): Promise<void> {
    await this.#queue.waitUntilReady();
  }

  async #start(handler: Handler, concurrency: number) {
    const { subscriber, keys, report } = this.#options;
    // Subscribed before taking any job, so no cancellation of a run started here is missed.
    while (!this.#closing) {
      try {
        await subscriber.subscribe(keys.cancelChannel, (runId) => this.#stopHere(runId));
        break;
      } catch (error) {
        report(new Error(`Could not listen for cancellations: ${describeThrown(error)}`));
        await sleep(START_RETRY_MS);
      }
    }
    // Messages published while the connection was down are lost: the marks are not.
    subscriber.on("ready", () => void this.#stopCancelled());
    while (!this.#closing) {
      const worker = this.#newWorker(handler, concurrency);
      try {
        await worker.waitUntilReady();
      } catch (error) {
        // A worker whose connection setup failed never recovers: start a new one.
        report(queueError(error));
        await worker.close(true).catch(() => {});
        await sleep(START_RETRY_MS);
        continue;
      }
      if (this.#closing) {
        await worker.close();
        return;
      }
      this.#worker = worker;
      worker.run().catch((error: unknown) => report(queueError(error)));
      return;
    }
  }

  #newWorker(handler: Handler, concurrency: number) {
    const { keys, timings, report } = this.#options;
    const worker = new PacedWorker(
      QUEUE_NAME,
      (job, token) => this.#carryOut(handler, job, token),
      {
        connection: this.#connection,
        prefix: keys.queuePrefix,
        concurrency,
        lockDuration: timings.lockMs,
        stalledInterval: timings.stalledIntervalMs,
        maxStalledCount: timings.maxStalls,
        // Run only once its connections are set up (see #start).
        autorun: false,
      },
    );
    worker.on("error", (error: Error) => report(queueError(error)));
    worker.on("failed", (job: Job | undefined, error: Error) => {
      const runId = asRunJob(job?.data)?.runId ?? job?.id ?? "?";
      report(new Error(`Run ${runId} failed in the queue: ${describeThrown(error)}`));
    });
    worker.on("lockRenewalFailed", (jobIds: string[]) => {
      for (const running of this.#running) {
        if (running.jobId === undefined || !jobIds.includes(running.jobId)) continue;
        running.lost = true;
        running.controller.abort(handedOver("This process lost its hold on the run"));
      }
    });
    return worker;
  }

  async #carryOut(handler: Handler, job: Job, token: string | undefined): Promise<void> {
    const runJob = asRunJob(job.data);
    if (!runJob) throw new UnrecoverableError("The job is not a langchain-mini run");
    // Taken while closing: straight back to the queue, for another process.
    if (this.#closing) return this.#handBack(job, token);
    const running: Running = {
      job: runJob,
      jobId: job.id,
      controller: new AbortController(),
      lost: false,
    };
    this.#running.add(running);
    const renewal = setInterval(() => {
      this.#options.chats.renew(runJob.chat, runJob.runId).catch(this.#options.report);
    }, this.#options.timings.claimRenewMs);
    try {
      if (await this.#wasCancelled(runJob.runId)) running.controller.abort(cancelledRun());
      await handler(runJob, running.controller.signal);
    } catch (error) {
      // A run handed over stops however its handler ended; any other failure is the job's.
      if (!isHandedOver(running.controller.signal)) throw error;
    } finally {
      clearInterval(renewal);
      this.#running.delete(running);
    }
    if (!isHandedOver(running.controller.signal)) return;
    // A lost job is no longer ours to move: the stalled check hands it on.
    if (running.lost) throw new WaitingError();
    return this.#handBack(job, token);
  }

  /** Puts the job back in the queue; BullMQ then leaves it alone (WaitingError). */
  async #handBack(job: Job, token: string | undefined): Promise<never> {
    try {
      await job.moveToWait(token);
    } catch (error) {
      // Its lock then expires, and the stalled check hands it on within the minute.
      this.#options.report(
        new Error(`Could not hand run job ${job.id} back to the queue: ${describeThrown(error)}`),
      );
    }
    throw new WaitingError();
  }

  async #wasCancelled(runId: string): Promise<boolean> {
    try {
      return (await this.#options.client.exists(this.#options.keys.cancelled(runId))) === 1;
    } catch (error) {
      this.#options.report(new Error(`Could not check run ${runId}: ${describeThrown(error)}`));
      return false;
    }
  }

  async #stopCancelled() {
    for (const running of [...this.#running]) {
      if (await this.#wasCancelled(running.job.runId)) this.#stopHere(running.job.runId);
    }
  }

  #stopHere(runId: string) {
    for (const running of this.#running) {
      if (running.job.runId === runId) running.controller.abort(cancelledRun());
    }
  }

  async #close() {
    // Not waiting for a worker still starting (Redis may be down): it sees the queue closing
    // once set up, and closes itself.
    const worker = this.#worker;
    // Stops fetching at once (BullMQ marks itself closing before it awaits anything), so a
    // run handed back below is not taken again by this process.
    const workerClosed = worker?.close();
    for (const running of this.#running) {
      running.controller.abort(handedOver("The server is stopping"));
    }
    try {
      await workerClosed;
    } catch (error) {
      this.#options.report(new Error(`Closing the run queue: ${describeThrown(error)}`));
    }
    await this.#queue.close();
    if (this.#starting) {
      await this.#options.subscriber.unsubscribe(this.#options.keys.cancelChannel).catch(() => {});
    }
  }
}

function queueError(error: unknown) {
  return new Error(`The run queue: ${describeThrown(error)}`);
}
