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
import type { RedisCancellations } from "./redis-cancellations.js";
import type { RedisClient } from "./redis-clients.js";
import { QUEUE_NAME, type ServeKeys } from "./redis-keys.js";
import type { RedisTimings } from "./redis-timings.js";
import { asRunJob } from "./run-job-data.js";
import { queueError, startRunWorker } from "./run-worker.js";
import { cancelledRun, handedOver, isHandedOver } from "./stop-reasons.js";

type Handler = (job: RunJob, signal: AbortSignal) => Promise<void>;

interface Running {
  readonly job: RunJob;
  readonly jobId: string | undefined;
  readonly controller: AbortController;
  /** BullMQ could not renew its lock: the job may already run elsewhere. */
  lost: boolean;
}

export interface RedisRunQueueOptions {
  /** The commands connection, which BullMQ shares (see bullmqConnection). */
  readonly client: RedisClient;
  readonly cancellations: RedisCancellations;
  readonly keys: ServeKeys;
  readonly timings: RedisTimings;
  /** Claims of the runs carried out here are renewed while their handlers run. */
  readonly chats: ChatLocks;
  readonly report: (error: Error) => void;
}

/**
 * The runs of every serve process in one BullMQ queue. A handler's signal ends when its
 * run is cancelled from any process (see RedisCancellations), when this process closes,
 * or when BullMQ could not keep the job here (its lock was lost). In the last two cases
 * the job goes back to the queue for another process: moved back to wait on `close`;
 * for a process that died, by BullMQ's stalled check once its lock has expired.
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
    await this.#options.cancellations.cancel(runId);
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
    const { cancellations, keys, timings, report } = this.#options;
    const stopping = () => this.#closing !== undefined;
    // Listening before taking any job, so no cancellation of a run started here is missed.
    await cancellations.listen(
      (runId) => this.#stopHere(runId),
      () => void this.#stopCancelled(),
      stopping,
    );
    this.#worker = await startRunWorker({
      connection: this.#connection,
      prefix: keys.queuePrefix,
      queueName: QUEUE_NAME,
      describe: (job) => `Run ${asRunJob(job?.data)?.runId ?? job?.id ?? "?"}`,
      concurrency,
      timings,
      carryOut: (job, token) => this.#carryOut(handler, job, token),
      lostLocks: (jobIds) => this.#lostLocks(jobIds),
      report,
      stopping,
    });
  }

  #lostLocks(jobIds: readonly string[]) {
    for (const running of this.#running) {
      if (running.jobId === undefined || !jobIds.includes(running.jobId)) continue;
      running.lost = true;
      running.controller.abort(handedOver("This process lost its hold on the run"));
    }
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
    // Renewed at once too: the claim aged while the run waited in the queue.
    const renew = () => {
      this.#options.chats.renew(runJob.chat, runJob.runId).catch(this.#options.report);
    };
    renew();
    const renewal = setInterval(renew, this.#options.timings.claimRenewMs);
    try {
      if (await this.#options.cancellations.cancelled(runJob.runId))
        running.controller.abort(cancelledRun());
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

  async #stopCancelled() {
    for (const running of [...this.#running]) {
      if (await this.#options.cancellations.cancelled(running.job.runId))
        this.#stopHere(running.job.runId);
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
    await this.#options.cancellations.close();
  }
}
