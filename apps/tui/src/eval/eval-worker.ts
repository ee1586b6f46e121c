import { describeThrown } from "@langchain-mini/core";
import type { Host } from "@langchain-mini/host";
import { type Job, UnrecoverableError, WaitingError, type Worker } from "bullmq";
import { bullmqConnection } from "../serve/bullmq-connection.js";
import { RedisCancellations } from "../serve/redis-cancellations.js";
import {
  connectRedis,
  disconnectRedis,
  type RedisClient,
  redisPlace,
} from "../serve/redis-clients.js";
import { DEFAULT_PREFIX, EVAL_QUEUE_NAME, type ServeKeys, serveKeys } from "../serve/redis-keys.js";
import { DEFAULT_TIMINGS } from "../serve/redis-timings.js";
import { queueError, startRunWorker } from "../serve/run-worker.js";
import { handedOver, isHandedOver } from "../serve/stop-reasons.js";
import { asEvalJobData } from "./eval-job-data.js";
import { EvalRunnerPool } from "./eval-runner-pool.js";

/** What an eval publishes as it stops: `eval:<id>`, beside serve's run ids. */
export const evalCancellation = (evalId: string) => `eval:${evalId}`;

export interface EvalWorker {
  /** Stops taking case runs; those going here are stopped and handed back (or dropped, if their eval stopped). */
  close(): Promise<void>;
}

export interface EvalWorkerOptions {
  /** This process's configuration: its keys, plug-ins and prices run the cases. */
  readonly host: Host;
  /** The `redis://…` URL the queue is on. */
  readonly store: string;
  /** Case runs at once in this process. */
  readonly concurrency: number;
  readonly report: (error: Error) => void;
}

interface Running {
  readonly evalId: string;
  readonly jobId: string | undefined;
  readonly controller: AbortController;
  /** BullMQ could not renew its lock: the job may already run elsewhere. */
  lost: boolean;
}

/**
 * Works evals' case runs from the queue on this Redis, with the same case runner an eval
 * uses in process: the eval that submits them and every serve process on the same Redis
 * run one. A case run's result is its job's result. Runs of an eval that stopped (its
 * mark of life gone) are not started, and those going are stopped.
 */
export async function startEvalWorker(options: EvalWorkerOptions): Promise<EvalWorker> {
  const { report } = options;
  const place = redisPlace(options.store);
  const keys = serveKeys(DEFAULT_PREFIX, place.database);
  const [client, subscriber] = await connectPair(place, report);
  const cancellations = new RedisCancellations(
    client,
    subscriber,
    keys,
    DEFAULT_TIMINGS.cancelMarkMs,
    report,
  );
  const runners = new EvalRunnerPool(options.host);
  const running = new Set<Running>();
  let closing: Promise<void> | undefined;
  const stopping = () => closing !== undefined;
  const stopEval = (evalId: string) => {
    for (const run of running) {
      if (run.evalId === evalId) run.controller.abort(new Error("Its eval stopped"));
    }
  };
  const recheck = async () => {
    for (const run of [...running])
      if (!(await alive(client, keys, run.evalId))) stopEval(run.evalId);
  };

  const carryOut = async (job: Job, token: string | undefined): Promise<unknown> => {
    const data = asEvalJobData(job.data);
    if (!data) throw new UnrecoverableError("The job is not a langchain-mini case run");
    // A stopped eval's job is dropped even while closing: handed back, it could wait for ever.
    if (!(await alive(client, keys, data.evalId))) throw new UnrecoverableError("Its eval stopped");
    if (stopping()) return handBack(job, token, report);
    const run: Running = {
      evalId: data.evalId,
      jobId: job.id,
      controller: new AbortController(),
      lost: false,
    };
    running.add(run);
    const { signal } = run.controller;
    try {
      const result = await runners.with(data.settings, (runner) => runner.run(data.job, signal));
      // A run stopped half way is no result, whatever it returned.
      if (!signal.aborted) return result;
    } catch (error) {
      if (!signal.aborted) throw error;
    } finally {
      running.delete(run);
    }
    if (!isHandedOver(signal) || !(await alive(client, keys, data.evalId))) {
      throw new UnrecoverableError("Its eval stopped");
    }
    // A lost job is no longer ours to move: the stalled check hands it on.
    if (run.lost) throw new WaitingError();
    return handBack(job, token, report);
  };

  let worker: Worker | undefined;
  const starting = (async () => {
    await cancellations.listen(
      (id) => {
        if (id.startsWith("eval:")) stopEval(id.slice("eval:".length));
      },
      () => void recheck(),
      stopping,
    );
    worker = await startRunWorker({
      connection: bullmqConnection(client),
      prefix: keys.queuePrefix,
      queueName: EVAL_QUEUE_NAME,
      describe: (job) => `Case run ${job?.id ?? "?"}`,
      concurrency: options.concurrency,
      timings: DEFAULT_TIMINGS,
      carryOut,
      lostLocks: (jobIds) => {
        for (const run of running) {
          if (run.jobId === undefined || !jobIds.includes(run.jobId)) continue;
          run.lost = true;
          run.controller.abort(handedOver("This process lost its hold on the case run"));
        }
      },
      report,
      stopping,
    });
  })().catch((error: unknown) => report(queueError(error)));

  const close = async () => {
    const closed = worker?.close();
    for (const run of running) run.controller.abort(handedOver("This process is stopping"));
    await closed?.catch((error: unknown) => report(queueError(error)));
    // A worker still starting sees `stopping` and closes itself.
    await starting;
    await runners.close();
    await cancellations.close();
    await Promise.all([disconnectRedis(client), disconnectRedis(subscriber)]);
  };
  return {
    close() {
      closing ??= close();
      return closing;
    },
  };
}

/** Whether the eval still runs: its mark of life is there (a failure to ask says yes). */
async function alive(client: RedisClient, keys: ServeKeys, evalId: string): Promise<boolean> {
  try {
    return (await client.exists(keys.evalAlive(evalId))) === 1;
  } catch {
    return true;
  }
}

/** Puts the job back in the queue; BullMQ then leaves it alone (WaitingError). */
async function handBack(
  job: Job,
  token: string | undefined,
  report: (error: Error) => void,
): Promise<never> {
  try {
    await job.moveToWait(token);
  } catch (error) {
    report(
      new Error(`Could not hand case run ${job.id} back to the queue: ${describeThrown(error)}`),
    );
  }
  throw new WaitingError();
}

/** The commands connection (BullMQ's too) and the one that hears cancellations. */
async function connectPair(
  place: ReturnType<typeof redisPlace>,
  report: (error: Error) => void,
): Promise<[RedisClient, RedisClient]> {
  const client = await connectRedis(place, "langchain-mini-eval-commands", report);
  try {
    return [client, await connectRedis(place, "langchain-mini-eval-cancellations", report)];
  } catch (error) {
    await disconnectRedis(client);
    throw error;
  }
}
