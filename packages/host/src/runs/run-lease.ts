import { hostname } from "node:os";
import type { RunJournal, RunLease } from "@langchain-mini/core";

/** How long a lease holds without renewal: a machine that is gone is noticed within it. */
export const LEASE_MS = 30_000;
/** Renewed this often, so two renewals can be missed before the lease lapses. */
const RENEW_MS = 10_000;

/**
 * Whether the lease's holder may still be running the run. On this machine a process
 * that is gone is noticed at once; across machines, when the lease lapses. A process
 * that is alive but stopped renewing (suspended) loses it too, and finds out when it
 * tries to renew.
 */
export function leaseIsLive(lease: RunLease | undefined, now = Date.now()): boolean {
  if (!lease || lease.expiresAt <= now) return false;
  return lease.host !== hostname() || processIsAlive(lease.pid);
}

function processIsAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: alive, but another user's.
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

/**
 * This process's hold on a run: taken only when no live process holds it, renewed in the
 * background, let go when the run ends. `onLost` is told when a renewal finds that
 * another process took the run over (this one was taken for dead): it must stop.
 */
export class RunLeaseHolder {
  readonly #journal: RunJournal;
  readonly #runId: string;
  #lease: RunLease;
  readonly #timer: ReturnType<typeof setInterval>;
  #released = false;

  private constructor(
    journal: RunJournal,
    runId: string,
    lease: RunLease,
    onLost: (holder: RunLease | undefined) => void,
  ) {
    this.#journal = journal;
    this.#runId = runId;
    this.#lease = lease;
    this.#timer = setInterval(() => {
      this.#renew().then(
        (kept) => {
          if (!kept) this.#stop(onLost);
        },
        // A store that cannot be reached now may be back before the lease lapses.
        () => undefined,
      );
    }, RENEW_MS);
    this.#timer.unref();
  }

  /**
   * Takes the run, or gives the live lease that holds it. `fresh`: the run's id was made
   * just now, so no lease can hold it yet and there is none to read first.
   */
  static async claim(
    journal: RunJournal,
    runId: string,
    onLost: (holder: RunLease | undefined) => void,
    fresh = false,
  ): Promise<RunLeaseHolder | RunLease> {
    const current = fresh ? undefined : await journal.lease(runId);
    if (current && leaseIsLive(current)) return current;
    const lease = freshLease();
    if (!(await journal.swapLease(runId, current, lease))) {
      return (await journal.lease(runId)) ?? current ?? lease;
    }
    return new RunLeaseHolder(journal, runId, lease, onLost);
  }

  async release() {
    if (this.#released) return;
    this.#released = true;
    clearInterval(this.#timer);
    await this.#journal.swapLease(this.#runId, this.#lease, undefined).catch(() => false);
  }

  async #renew(): Promise<boolean> {
    if (this.#released) return true;
    const next = { ...this.#lease, expiresAt: Date.now() + LEASE_MS };
    if (!(await this.#journal.swapLease(this.#runId, this.#lease, next))) return false;
    this.#lease = next;
    return true;
  }

  #stop(onLost: (holder: RunLease | undefined) => void) {
    this.#released = true;
    clearInterval(this.#timer);
    this.#journal.lease(this.#runId).then(onLost, () => onLost(undefined));
  }
}

function freshLease(): RunLease {
  return {
    owner: crypto.randomUUID(),
    host: hostname(),
    pid: process.pid,
    expiresAt: Date.now() + LEASE_MS,
  };
}
