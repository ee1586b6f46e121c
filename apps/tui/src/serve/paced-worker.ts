import { setTimeout as sleep } from "node:timers/promises";
import { type Job, Worker } from "bullmq";

/** The pause after a failed fetch of the next job. */
const FETCH_RETRY_MS = 1_000;

/**
 * BullMQ's Worker, pausing after a failed fetch of the next job. BullMQ 6 swallows a
 * fetch error that is not a lost connection (a replica turned read-only by a failover, a
 * Redis out of memory, a connection whose setup failed for good) and fetches again at
 * once: a loop of promises that never lets timers or I/O run, which freezes the process
 * at full CPU. The pause lets the process live and bounds how often it tries again.
 */
export class PacedWorker extends Worker {
  protected override async moveToActive(token: string, name?: string): Promise<Job> {
    try {
      return await super.moveToActive(token, name);
    } catch (error) {
      await sleep(FETCH_RETRY_MS);
      throw error;
    }
  }
}
