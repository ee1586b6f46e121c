import { randomUUID } from "node:crypto";
import type { CaseResult, DispatchContext, EvalJob, JobDispatch } from "@langchain-mini/eval";
import { Queue, QueueEvents } from "bullmq";
import { bullmqConnection } from "../serve/bullmq-connection.js";
import { RedisCancellations } from "../serve/redis-cancellations.js";
import {
  connectRedis,
  disconnectRedis,
  type RedisClient,
  type RedisPlace,
  redisPlace,
} from "../serve/redis-clients.js";
import { DEFAULT_PREFIX, EVAL_QUEUE_NAME, type ServeKeys, serveKeys } from "../serve/redis-keys.js";
import { DEFAULT_TIMINGS } from "../serve/redis-timings.js";
import type { EvalJobData, EvalJobSettings } from "./eval-job-data.js";
import { evalCancellation } from "./eval-worker.js";

/**
 * An eval's mark of life lives this long unless renewed: the case runs of an eval that
 * died (SIGKILL) are dropped by the workers once it has expired, not run for nobody.
 */
const ALIVE_MS = 60_000;
const ALIVE_RENEW_MS = 20_000;
/** Finished jobs stay this long for inspection; jobs of a dead eval are dropped sooner (ALIVE_MS). */
const KEEP = { age: 60 * 60, count: 1_000 };

export interface EvalQueue {
  /** Sends an eval's case runs through the queue (see runEval's `dispatch`). */
  readonly dispatch: JobDispatch;
  close(): Promise<void>;
}

/**
 * The submitting side of `eval --store redis://…`: every case run a job on the shared
 * queue, at most `concurrency` of them waiting or running at once, each result read back
 * from the queue's events. A stopped or failed eval takes back what it has not finished:
 * its mark of life goes (workers drop its jobs as they take them), running jobs are
 * cancelled wherever they run, waiting ones removed.
 */
export async function openEvalQueue(
  store: string,
  settings: Omit<EvalJobSettings, "judge">,
  report: (error: Error) => void,
): Promise<EvalQueue> {
  const place = redisPlace(store);
  const keys = serveKeys(DEFAULT_PREFIX, place.database);
  const client = await connectRedis(place, "langchain-mini-eval-submit", report);
  const queue = new Queue(EVAL_QUEUE_NAME, {
    connection: bullmqConnection(client),
    prefix: keys.queuePrefix,
    defaultJobOptions: { removeOnComplete: KEEP, removeOnFail: KEEP },
  });
  queue.on("error", (error: Error) => report(new Error(`The eval queue: ${error.message}`)));
  // Never listens: only its `cancel` is used, which needs no subscriber.
  const cancellations = new RedisCancellations(
    client,
    client,
    keys,
    DEFAULT_TIMINGS.cancelMarkMs,
    report,
  );
  const dispatch: JobDispatch = async (jobs, context) => {
    const evalId = randomUUID();
    const jobSettings: EvalJobSettings = {
      ...settings,
      ...(context.judge !== undefined ? { judge: context.judge } : {}),
    };
    const aliveKey = keys.evalAlive(evalId);
    const markAlive = () =>
      client.set(aliveKey, "1", { expiration: { type: "PX", value: ALIVE_MS } });
    await markAlive();
    const renewal = setInterval(() => void markAlive().catch(report), ALIVE_RENEW_MS);
    const events = await followEvents(place, keys, report);
    const submitted = new Set<string>();
    try {
      await runJobs(jobs, context, {
        events: events.events,
        idOf: (job) => `${evalId}-${job.index}`,
        submit: async (job) => {
          const jobId = `${evalId}-${job.index}`;
          submitted.add(jobId);
          const data: EvalJobData = { evalId, job, settings: jobSettings };
          await queue.add("case", data, { jobId });
        },
      });
    } finally {
      clearInterval(renewal);
      // Done or not: nothing of this eval is to run any more.
      await client.del(aliveKey).catch(report);
      await cancellations.cancel(evalCancellation(evalId)).catch(report);
      for (const jobId of submitted) {
        // Jobs being worked are locked and end through the cancellation instead.
        await queue.remove(jobId).catch(() => 0);
      }
      await events.close();
    }
  };
  return {
    dispatch,
    async close() {
      await queue.close();
      await disconnectRedis(client);
    },
  };
}

interface Submitter {
  readonly events: QueueEvents;
  /** The queue's id of the job. */
  idOf(job: EvalJob): string;
  /** Adds a job to the queue. */
  submit(job: EvalJob): Promise<void>;
}

/** Keeps `concurrency` jobs in the queue until every one has its result. */
function runJobs(jobs: readonly EvalJob[], context: DispatchContext, submitter: Submitter) {
  let resolve = () => {};
  let reject: (error: unknown) => void = () => {};
  const promise = new Promise<void>((resolved, rejected) => {
    resolve = resolved;
    reject = rejected;
  });
  const pending = new Map<string, EvalJob>();
  let next = 0;
  let finished = 0;
  let failed = false;
  const fail = (error: unknown) => {
    failed = true;
    reject(error);
  };
  const fill = async () => {
    // Each job is counted before the await: fills running side by side never overshoot,
    // and a result that comes before `submit` resolves (a fast worker) finds its job.
    while (!failed && pending.size < context.concurrency && next < jobs.length) {
      const job = jobs[next++] as EvalJob;
      pending.set(submitter.idOf(job), job);
      await submitter.submit(job);
    }
  };
  submitter.events.on("completed", ({ jobId, returnvalue }) => {
    const job = pending.get(jobId);
    if (failed || !job) return;
    const result = asCaseResult(returnvalue);
    if (!result) return fail(new Error(`Case run ${jobId} came back with no result`));
    pending.delete(jobId);
    context.onResult(job, result);
    if (++finished === jobs.length) resolve();
    else fill().catch(fail);
  });
  submitter.events.on("failed", ({ jobId, failedReason }) => {
    if (pending.has(jobId) && !failed) fail(new Error(failedReason));
  });
  const onAbort = () => fail(context.signal.reason);
  if (context.signal.aborted) onAbort();
  context.signal.addEventListener("abort", onAbort, { once: true });
  if (jobs.length === 0) resolve();
  else fill().catch(fail);
  return promise.finally(() => context.signal.removeEventListener("abort", onAbort));
}

const asCaseResult = (value: unknown): CaseResult | undefined =>
  typeof value === "object" && value !== null && typeof (value as CaseResult).caseId === "string"
    ? (value as CaseResult)
    : undefined;

/**
 * The queue's events from now on, on a connection of their own (BullMQ blocks it while
 * reading). Read from the stream's last entry as it is now, not from whenever BullMQ
 * first reads: a job finished in between is not missed.
 */
async function followEvents(place: RedisPlace, keys: ServeKeys, report: (error: Error) => void) {
  const connection: RedisClient = await connectRedis(place, "langchain-mini-eval-events", report);
  const stream = `${keys.queuePrefix}:${EVAL_QUEUE_NAME}:events`;
  const [last] = (await connection.xRevRange(stream, "+", "-", { COUNT: 1 })) ?? [];
  const events = new QueueEvents(EVAL_QUEUE_NAME, {
    connection: bullmqConnection(connection),
    prefix: keys.queuePrefix,
    lastEventId: last?.id ?? "0-0",
  });
  events.on("error", (error: Error) => report(new Error(`The eval queue: ${error.message}`)));
  await events.waitUntilReady();
  return {
    events,
    async close() {
      await events.close().catch(() => {});
      await disconnectRedis(connection);
    },
  };
}
