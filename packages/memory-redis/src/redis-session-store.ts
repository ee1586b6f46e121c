import type { ConnectionOptions as TlsOptions } from "node:tls";
import {
  checkSessionName,
  isSessionName,
  isSessionRecord,
  type LoadedSession,
  type SessionInfo,
  type SessionRecord,
  type SessionStore,
  type StoreCallOptions,
} from "@langchain-mini/core";
import { isTime, quoted } from "./index-entries.js";
import { RedisConnection } from "./redis-connection.js";
import { RedisRunJournal } from "./redis-run-journal.js";
import { parseRedisUrl } from "./redis-url.js";
import { checkPrefix, DEFAULT_PREFIX, DEFAULT_TIMEOUT_MS } from "./settings.js";

export interface RedisSessionStoreOptions {
  /** `redis[s]://[[user]:password@]host[:port][/database]`; default redis://localhost:6379/0. */
  readonly url?: string;
  /** What every key starts with; default `langchain-mini:`. */
  readonly prefix?: string;
  /** Forget a session (or a run) this many seconds after its last record; default never. */
  readonly ttlSeconds?: number;
  /** Bounds connecting, and each call; default 5,000 ms. */
  readonly timeoutMs?: number;
  /** Extra TLS settings for rediss:// (a CA, a client certificate). */
  readonly tls?: TlsOptions;
}

/**
 * Sessions on Redis, shared by every process and machine that uses the server. A
 * session's turns are a list (RPUSH: atomic, in arrival order, from any number of
 * clients); its rolling summary is one string beside it, replaced by each new summary;
 * a sorted set indexes the sessions by the time of their last record, for `list`.
 * Each append is one MULTI transaction, and refreshes the session's time-to-live.
 */
export class RedisSessionStore implements SessionStore {
  readonly prefix: string;
  readonly ttlSeconds: number | undefined;
  /** The server, without credentials: safe to show. */
  readonly where: string;
  /** Run journals and leases, beside the sessions on the same connection (see `RedisRunJournal`). */
  readonly runs: RedisRunJournal;
  readonly #connection: RedisConnection;

  constructor(options: RedisSessionStoreOptions = {}) {
    const endpoint = parseRedisUrl(options.url ?? "redis://localhost:6379/0");
    this.prefix = checkPrefix(options.prefix ?? DEFAULT_PREFIX);
    this.ttlSeconds = options.ttlSeconds;
    this.where = endpoint.where;
    this.#connection = new RedisConnection({
      endpoint,
      timeoutMs: options.timeoutMs ?? DEFAULT_TIMEOUT_MS,
      ...(options.tls ? { tls: options.tls } : {}),
    });
    this.runs = new RedisRunJournal({
      connection: this.#connection,
      prefix: this.prefix,
      where: this.where,
      ttlSeconds: this.ttlSeconds,
    });
  }

  /** The list holding a session's turns, one JSON record per element. */
  turnsKey(session: string) {
    return `${this.prefix}session:${checkSessionName(session)}`;
  }

  /** The string holding a session's newest summary record. */
  summaryKey(session: string) {
    return `${this.prefix}summary:${checkSessionName(session)}`;
  }

  /** The sorted set of session names, scored by their last record's time (ms). */
  get indexKey() {
    return `${this.prefix}sessions`;
  }

  async load(session: string, options: StoreCallOptions = {}): Promise<LoadedSession> {
    const turnsKey = this.turnsKey(session);
    const summaryKey = this.summaryKey(session);
    const [entries, summary] = await this.#connection.call(
      {
        action: `load session '${session}' from`,
        key: turnsKey,
        signal: options.signal,
        idempotent: true,
      },
      // One transaction: the turns and the summary as of one moment.
      (client) => client.multi().lRange(turnsKey, 0, -1).get(summaryKey).execTyped(),
    );
    const records: SessionRecord[] = [];
    let unreadable = 0;
    for (const entry of [...entries, ...(summary === null ? [] : [summary])]) {
      const record = parseRecord(entry);
      if (record) records.push(record);
      else unreadable++;
    }
    const warnings = unreadable
      ? [
          `Session '${session}' on Redis at ${this.where} has ${unreadable} unreadable entr${unreadable === 1 ? "y" : "ies"} under ${turnsKey} or ${summaryKey}: skipped them, left them in place`,
        ]
      : [];
    return { records, warnings };
  }

  async append(session: string, record: SessionRecord, options: StoreCallOptions = {}) {
    const turnsKey = this.turnsKey(session);
    const summaryKey = this.summaryKey(session);
    const json = JSON.stringify(record);
    const ttl = this.ttlSeconds;
    await this.#connection.call(
      {
        action: `save to session '${session}' on`,
        key: turnsKey,
        signal: options.signal,
        idempotent: false,
      },
      async (client) => {
        const transaction = client.multi();
        if (record.type === "turn") transaction.rPush(turnsKey, json);
        else transaction.set(summaryKey, json);
        transaction.zAdd(this.indexKey, { score: Date.now(), value: session });
        if (ttl) transaction.expire(turnsKey, ttl).expire(summaryKey, ttl);
        await transaction.exec();
      },
    );
  }

  async clear(session: string, options: StoreCallOptions = {}) {
    const turnsKey = this.turnsKey(session);
    const summaryKey = this.summaryKey(session);
    await this.#connection.call(
      { action: `delete session '${session}' on`, signal: options.signal, idempotent: true },
      async (client) => {
        await client.multi().del([turnsKey, summaryKey]).zRem(this.indexKey, session).exec();
      },
    );
  }

  async list(options: StoreCallOptions = {}): Promise<SessionInfo[]> {
    const { sessions, warning } = await this.#connection.call(
      { action: "list the sessions on", signal: options.signal, idempotent: true },
      async (client) => {
        const indexed = await client.zRangeWithScores(this.indexKey, 0, -1, { REV: true });
        const named = indexed.filter(({ value, score }) => isSessionName(value) && isTime(score));
        const skipped = indexed.length - named.length;
        // Said once the call is over: a call that is tried again says it once.
        const warning = skipped > 0 ? this.#skippedWarning(indexed, skipped) : undefined;
        if (named.length === 0) return { sessions: [], warning };
        // Commands sent in one go are pipelined by the client: one round trip for all.
        // A key that is not a list fails for that session alone, which is then left out.
        const counts = await Promise.all(
          named.map(({ value }) =>
            Promise.all([
              client.lLen(this.turnsKey(value)).catch(() => undefined),
              client.exists(this.summaryKey(value)),
              client.lIndex(this.turnsKey(value), -1).catch(() => null),
            ]),
          ),
        );
        const sessions: SessionInfo[] = [];
        const gone: string[] = [];
        named.forEach(({ value, score }, index) => {
          const [turns, summary, newest] = counts[index] ?? [];
          if (turns === undefined) return;
          if (turns === 0 && summary === 0) {
            gone.push(value);
            return;
          }
          const last = parseRecord(newest);
          const lastQuestion = last?.type === "turn" ? { lastQuestion: last.question } : {};
          sessions.push({ name: value, turns, updatedAt: new Date(score), ...lastQuestion });
        });
        if (gone.length > 0) await this.#forget(client, gone);
        return { sessions, warning };
      },
    );
    if (warning) options.onWarning?.(warning);
    return sessions;
  }

  async close() {
    await this.#connection.close();
  }

  /**
   * One line for the index entries that are not a session at a time (written by hand or
   * by another program): which one first, and how to put them right.
   */
  #skippedWarning(indexed: ReadonlyArray<{ value: string; score: number }>, skipped: number) {
    const first = indexed.find(({ value, score }) => !isSessionName(value) || !isTime(score));
    const entry = first
      ? ` (${quoted(first.value)} at score ${first.score}${skipped > 1 ? `, and ${skipped - 1} more` : ""})`
      : "";
    return `Skipped ${skipped} entr${skipped === 1 ? "y" : "ies"} of the session index ${this.indexKey} on Redis at ${this.where} that ${skipped === 1 ? "is" : "are"} not a session name with a time${entry}: a session's next turn puts its entry right; remove others with ZREM ${this.indexKey} <name>`;
  }

  /**
   * Takes sessions whose keys expired (or were deleted by hand) out of the index: in one
   * script, so that a session appended to in the meantime stays.
   */
  async #forget(client: Parameters<Parameters<RedisConnection["call"]>[1]>[0], names: string[]) {
    await client.eval(FORGET_EXPIRED, {
      keys: [
        this.indexKey,
        ...names.flatMap((name) => [this.turnsKey(name), this.summaryKey(name)]),
      ],
      arguments: names,
    });
  }
}

const FORGET_EXPIRED = `
for index, name in ipairs(ARGV) do
  if redis.call('EXISTS', KEYS[index * 2], KEYS[index * 2 + 1]) == 0 then
    redis.call('ZREM', KEYS[1], name)
  end
end
return 0`;

function parseRecord(entry: unknown): SessionRecord | undefined {
  if (typeof entry !== "string") return undefined;
  try {
    const value: unknown = JSON.parse(entry);
    return isSessionRecord(value) ? value : undefined;
  } catch {
    return undefined;
  }
}
