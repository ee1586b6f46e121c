import {
  checkRunId,
  isRunRecord,
  type LoadedRun,
  type RunJournal,
  type RunLease,
  type RunListing,
  type RunRecord,
  sameLease,
} from "@langchain-mini/core";

/**
 * Run journals that live as long as the process. Records are kept as the JSON a durable
 * store would write, so that what comes back is a copy, shaped as every store returns it.
 */
export class InMemoryRunJournal implements RunJournal {
  readonly #runs = new Map<string, { lines: string[]; updatedAt: Date }>();
  readonly #leases = new Map<string, RunLease>();

  async append(runId: string, record: RunRecord) {
    checkRunId(runId);
    const run = this.#runs.get(runId) ?? { lines: [], updatedAt: new Date() };
    run.lines.push(JSON.stringify(record));
    run.updatedAt = new Date();
    // Deleted and appended to again: newest, as a file written afresh would be.
    this.#runs.delete(runId);
    this.#runs.set(runId, run);
  }

  async load(runId: string): Promise<LoadedRun> {
    checkRunId(runId);
    const lines = this.#runs.get(runId)?.lines ?? [];
    const records = lines.map((line) => JSON.parse(line) as unknown).filter(isRunRecord);
    return { records, warnings: [] };
  }

  async list(): Promise<RunListing[]> {
    // Map order is append order: the last is the newest, even within one millisecond.
    return [...this.#runs].map(([runId, run]) => ({ runId, updatedAt: run.updatedAt })).reverse();
  }

  async delete(runId: string) {
    this.#runs.delete(checkRunId(runId));
    this.#leases.delete(runId);
  }

  async lease(runId: string) {
    const lease = this.#leases.get(checkRunId(runId));
    return lease && { ...lease };
  }

  async swapLease(runId: string, expected: RunLease | undefined, next: RunLease | undefined) {
    // No await between the comparison and the change: nothing else runs in between.
    if (!sameLease(this.#leases.get(checkRunId(runId)), expected)) return false;
    if (next) {
      const { owner, host, pid, expiresAt } = next;
      this.#leases.set(runId, { owner, host, pid, expiresAt });
    } else {
      this.#leases.delete(runId);
    }
    return true;
  }
}
