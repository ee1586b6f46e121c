import {
  checkRunId,
  isRunId,
  isRunLease,
  isRunRecord,
  type LoadedRun,
  type RunJournal,
  type RunLease,
  type RunListing,
  type RunRecord,
  type StoreCallOptions,
  sameLease,
} from "@langchain-mini/core";
import { isTime, quoted } from "./index-entries.js";
import type { RedisClient, RedisConnection } from "./redis-connection.js";

export interface RedisRunJournalOptions {
  /** The session store's: one connection, one timeout, one way of failing. */
  readonly connection: RedisConnection;
  readonly prefix: string;
  /** The server, without credentials. */
  readonly where: string;
  readonly ttlSeconds: number | undefined;
}

/**
 * Run journals on Redis, under the session store's prefix: a run's records are a list
 * (`RPUSH` of each record's JSON: atomic, in order), a sorted set indexes the runs by the
 * time of their last record for `list`, and the lease is a string holding its JSON, which
 * Redis forgets when it expires. With a time-to-live, a run is forgotten that long after
 * its last record, as a session is.
 *
 * Durability is the server's: an append resolves once Redis has the record in memory.
 * That survives the process, not a crash of Redis itself, unless the server persists
 * every write (`appendonly yes` with `appendfsync always`; the default `everysec` may lose
 * the last second, and a server without persistence loses everything on restart).
 */
export class RedisRunJournal implements RunJournal {
  readonly #connection: RedisConnection;
  readonly #prefix: string;
  readonly #where: string;
  readonly #ttlSeconds: number | undefined;

  constructor(options: RedisRunJournalOptions) {
    this.#connection = options.connection;
    this.#prefix = options.prefix;
    this.#where = options.where;
    this.#ttlSeconds = options.ttlSeconds;
  }

  /** The list holding a run's records, one JSON record per element. */
  recordsKey(runId: string) {
    return `${this.#prefix}run:${checkRunId(runId)}`;
  }

  /** The string holding a run's lease, as JSON, while it lasts. */
  leaseKey(runId: string) {
    return `${this.#prefix}run-lease:${checkRunId(runId)}`;
  }

  /** The sorted set of run ids, scored by their last record's time (ms). */
  get indexKey() {
    return `${this.#prefix}runs`;
  }

  async append(runId: string, record: RunRecord, options: StoreCallOptions = {}) {
    const key = this.recordsKey(runId);
    const json = JSON.stringify(record);
    const ttl = this.#ttlSeconds;
    await this.#connection.call(
      { action: `save to run '${runId}' on`, key, signal: options.signal, idempotent: false },
      async (client) => {
        const transaction = client.multi().rPush(key, json);
        transaction.zAdd(this.indexKey, { score: Date.now(), value: runId });
        if (ttl) transaction.expire(key, ttl);
        await transaction.exec();
      },
    );
  }

  async load(runId: string, options: StoreCallOptions = {}): Promise<LoadedRun> {
    const key = this.recordsKey(runId);
    const entries = await this.#connection.call(
      { action: `load run '${runId}' from`, key, signal: options.signal, idempotent: true },
      (client) => client.lRange(key, 0, -1),
    );
    const records = entries.map(parseRecord).filter((record) => record !== undefined);
    const unreadable = entries.length - records.length;
    const warnings = unreadable
      ? [
          `Run '${runId}' on Redis at ${this.#where} has ${unreadable} unreadable entr${unreadable === 1 ? "y" : "ies"} under ${key}: skipped them, left them in place`,
        ]
      : [];
    return { records, warnings };
  }

  async list(options: StoreCallOptions = {}): Promise<RunListing[]> {
    const { runs, warning } = await this.#connection.call(
      { action: "list the runs on", signal: options.signal, idempotent: true },
      async (client) => {
        const indexed = await client.zRangeWithScores(this.indexKey, 0, -1, { REV: true });
        const named = indexed.filter(({ value, score }) => isRunId(value) && isTime(score));
        const skipped = indexed.length - named.length;
        // Said once the call is over: a call that is tried again says it once.
        const warning = skipped > 0 ? this.#skippedWarning(indexed, skipped) : undefined;
        // Pipelined: one round trip for all.
        const exists = await Promise.all(
          named.map(({ value }) => client.exists(this.recordsKey(value))),
        );
        const gone = named.filter((_, index) => exists[index] === 0).map(({ value }) => value);
        if (gone.length > 0) await this.#forget(client, gone);
        const runs = named
          .filter((_, index) => exists[index] !== 0)
          .map(({ value, score }) => ({ runId: value, updatedAt: new Date(score) }));
        return { runs, warning };
      },
    );
    if (warning) options.onWarning?.(warning);
    return runs;
  }

  async delete(runId: string, options: StoreCallOptions = {}) {
    const keys = [this.recordsKey(runId), this.leaseKey(runId)];
    await this.#connection.call(
      { action: `delete run '${runId}' on`, signal: options.signal, idempotent: true },
      async (client) => {
        await client.multi().del(keys).zRem(this.indexKey, runId).exec();
      },
    );
  }

  async lease(runId: string, options: StoreCallOptions = {}): Promise<RunLease | undefined> {
    const key = this.leaseKey(runId);
    const stored = await this.#connection.call(
      {
        action: `read the lease of run '${runId}' on`,
        key,
        signal: options.signal,
        idempotent: true,
      },
      (client) => client.get(key),
    );
    return this.#parseLease(runId, key, stored, options);
  }

  /**
   * Reads the lease, compares it with `expected` here, then sets it in a script only if
   * it still holds the very bytes read: two callers that read the same lease cannot both
   * change it. A write, so never sent twice.
   */
  async swapLease(
    runId: string,
    expected: RunLease | undefined,
    next: RunLease | undefined,
    options: StoreCallOptions = {},
  ): Promise<boolean> {
    const key = this.leaseKey(runId);
    const { swapped, stored } = await this.#connection.call(
      {
        action: `set the lease of run '${runId}' on`,
        key,
        signal: options.signal,
        idempotent: false,
      },
      async (client) => {
        const stored = await client.get(key);
        const current = leaseIn(stored);
        if (!sameLease(current, expected)) return { swapped: false, stored };
        // Kept by Redis until the lease expires (by this process's clock), at least 1 ms.
        const keepMs = next ? Math.max(1, Math.ceil(next.expiresAt - Date.now())) : 0;
        const result = await client.eval(SWAP_LEASE, {
          keys: [key],
          arguments: [stored ?? "", next ? leaseJson(next) : "", String(keepMs)],
        });
        return { swapped: result === 1, stored };
      },
    );
    // A lease that is not one (written by hand) counts as none, and is said once.
    this.#parseLease(runId, key, stored, options);
    return swapped;
  }

  #parseLease(runId: string, key: string, stored: string | null, options: StoreCallOptions) {
    const lease = leaseIn(stored);
    if (stored !== null && lease === undefined) {
      options.onWarning?.(
        `Run '${runId}' on Redis at ${this.#where}: ${key} holds no lease, so the run counts as held by nobody`,
      );
    }
    return lease;
  }

  #skippedWarning(indexed: ReadonlyArray<{ value: string; score: number }>, skipped: number) {
    const first = indexed.find(({ value, score }) => !isRunId(value) || !isTime(score));
    const entry = first
      ? ` (${quoted(first.value)} at score ${first.score}${skipped > 1 ? `, and ${skipped - 1} more` : ""})`
      : "";
    return `Skipped ${skipped} entr${skipped === 1 ? "y" : "ies"} of the run index ${this.indexKey} on Redis at ${this.#where} that ${skipped === 1 ? "is" : "are"} not a run id with a time${entry}: remove ${skipped === 1 ? "it" : "them"} with ZREM ${this.indexKey} <id>`;
  }

  /** Takes runs whose records expired out of the index, unless appended to meanwhile. */
  async #forget(client: RedisClient, runIds: string[]) {
    await client.eval(FORGET_EXPIRED, {
      keys: [this.indexKey, ...runIds.map((runId) => this.recordsKey(runId))],
      arguments: runIds,
    });
  }
}

const SWAP_LEASE = `
if (redis.call('GET', KEYS[1]) or '') ~= ARGV[1] then return 0 end
if ARGV[2] == '' then
  redis.call('DEL', KEYS[1])
else
  redis.call('SET', KEYS[1], ARGV[2], 'PX', ARGV[3])
end
return 1`;

const FORGET_EXPIRED = `
for index, runId in ipairs(ARGV) do
  if redis.call('EXISTS', KEYS[index + 1]) == 0 then redis.call('ZREM', KEYS[1], runId) end
end
return 0`;

/** The lease a stored value holds; none for nothing, or for what is not a lease. */
function leaseIn(stored: string | null): RunLease | undefined {
  if (stored === null) return undefined;
  try {
    const value: unknown = JSON.parse(stored);
    if (!isRunLease(value)) return undefined;
    const { owner, host, pid, expiresAt } = value;
    return { owner, host, pid, expiresAt };
  } catch {
    return undefined;
  }
}

/** Always the same fields in the same order. */
function leaseJson({ owner, host, pid, expiresAt }: RunLease) {
  return JSON.stringify({ owner, host, pid, expiresAt });
}

function parseRecord(entry: string): RunRecord | undefined {
  try {
    const value: unknown = JSON.parse(entry);
    return isRunRecord(value) ? value : undefined;
  } catch {
    return undefined;
  }
}
