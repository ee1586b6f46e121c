import { describeThrown } from "@langchain-mini/core";
import type { RunJob, RunQueue } from "./coordination.js";
import { cancelledRun, handedOver } from "./stop-reasons.js";

type Handler = (job: RunJob, signal: AbortSignal) => Promise<void>;

interface Waiting {
  readonly job: RunJob;
  /** Cancelled before it started: its handler starts with the signal already ended. */
  cancelled: boolean;
}

interface Running {
  readonly job: RunJob;
  readonly controller: AbortController;
}

/**
 * The queue of one process: runs go to the handler here, at most `concurrency` at once,
 * the others wait in the order they came. Nothing outlives the process: `close` signals
 * the running handlers and waits for them (their runs stay resumable from their
 * journals), and drops the runs still waiting, which never started.
 */
export class LocalRunQueue implements RunQueue {
  readonly #report: (error: Error) => void;
  readonly #waiting: Waiting[] = [];
  readonly #running = new Map<Running, Promise<void>>();
  #handler: Handler | undefined;
  #concurrency = 0;
  #closed = false;

  constructor(report: (error: Error) => void) {
    this.#report = report;
  }

  async submit(job: RunJob): Promise<void> {
    if (this.#closed) throw new Error(`The run queue is closed: run ${job.runId} was not taken`);
    this.#waiting.push({ job, cancelled: false });
    this.#startWaiting();
  }

  work(handler: Handler, concurrency: number): void {
    if (this.#handler) throw new Error("This queue already has a handler working on it");
    if (!Number.isInteger(concurrency) || concurrency < 1) {
      throw new Error(`A queue works on at least one run at once, not ${concurrency}`);
    }
    this.#handler = handler;
    this.#concurrency = concurrency;
    this.#startWaiting();
  }

  async cancel(runId: string): Promise<void> {
    for (const running of this.#running.keys()) {
      if (running.job.runId === runId) running.controller.abort(cancelledRun());
    }
    for (const waiting of this.#waiting) {
      if (waiting.job.runId === runId) waiting.cancelled = true;
    }
  }

  async close(): Promise<void> {
    this.#closed = true;
    this.#waiting.length = 0;
    for (const running of this.#running.keys()) {
      running.controller.abort(handedOver("The server is stopping"));
    }
    await Promise.all(this.#running.values());
  }

  #startWaiting() {
    const handler = this.#handler;
    if (!handler) return;
    while (!this.#closed && this.#running.size < this.#concurrency) {
      const next = this.#waiting.shift();
      if (!next) return;
      this.#start(handler, next);
    }
  }

  #start(handler: Handler, { job, cancelled }: Waiting) {
    const running: Running = { job, controller: new AbortController() };
    // The handler still runs: it is what ends a cancelled run `aborted` in its journal.
    if (cancelled) running.controller.abort(cancelledRun());
    // Called a microtask later, so that even a handler that throws at once is in the
    // running set before it leaves it.
    const done = Promise.resolve()
      .then(() => handler(job, running.controller.signal))
      .catch((error: unknown) => {
        this.#report(new Error(`Run ${job.runId} failed in its handler: ${describeThrown(error)}`));
      })
      .finally(() => {
        this.#running.delete(running);
        this.#startWaiting();
      });
    this.#running.set(running, done);
  }
}
