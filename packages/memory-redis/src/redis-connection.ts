import type { ConnectionOptions as TlsOptions } from "node:tls";
import { abortError } from "@langchain-mini/core";
import type { createClient } from "redis";
import { type Failure, storeError, TimeoutError } from "./redis-errors.js";
import type { RedisEndpoint } from "./redis-url.js";

export type RedisClient = ReturnType<typeof createClient>;

/** How long a connection may idle before a write checks that it is still there. */
const IDLE_CHECK_MS = 1_000;

export interface RedisConnectionOptions {
  readonly endpoint: RedisEndpoint;
  /** Bounds connecting, and each call. */
  readonly timeoutMs: number;
  /** Extra TLS settings for rediss:// (a CA, a client certificate). */
  readonly tls?: TlsOptions;
}

export interface CallOptions {
  readonly action: string;
  readonly key?: string;
  readonly signal?: AbortSignal | undefined;
  /** Safe to send twice (reads, deletes): tried again once on a fresh connection. */
  readonly idempotent: boolean;
}

interface Connection {
  readonly client: RedisClient;
  readonly ready: Promise<RedisClient>;
  /** Connected once: from then on `client.isReady` says whether it still is. */
  opened: boolean;
  /** When it last answered a call. */
  usedAt: number;
}

/**
 * One lazily opened connection. node-redis's own reconnect loop is off: a connection that
 * drops is replaced by the next call (the reconnect a run can wait for), never retried in
 * the background, so nothing keeps a finished process alive or runs past a run's limits.
 * Every call is bounded in time, connecting included, and holds the process open only
 * while it runs; the idle socket does not.
 */
export class RedisConnection {
  readonly #options: RedisConnectionOptions;
  #connection: Connection | undefined;

  constructor(options: RedisConnectionOptions) {
    this.#options = options;
  }

  async call<T>(options: CallOptions, work: (client: RedisClient) => Promise<T>): Promise<T> {
    const failure: Failure = {
      action: options.action,
      where: this.#options.endpoint.where,
      timeoutMs: this.#options.timeoutMs,
      ...(options.key ? { key: options.key } : {}),
    };
    const { createClient } = await import("redis");
    for (let attempt = 1; ; attempt++) {
      if (options.signal?.aborted) throw cancelled();
      const connection = this.#connected(createClient);
      let sent = false;
      try {
        const result = await this.#bounded(options.signal, async () => {
          const client = await connection.ready;
          // A write is not sent twice (it may have landed), so it is not sent down a
          // connection that idled long enough for the server to have gone: PING first,
          // and a dead connection is replaced like a read's.
          if (!options.idempotent && Date.now() - connection.usedAt > IDLE_CHECK_MS) {
            await client.ping();
          }
          sent = true;
          return work(client);
        });
        connection.usedAt = Date.now();
        return result;
      } catch (error) {
        const lost = isConnectionLoss(error);
        // A call cut short may leave a reply on the way: that connection is done for.
        if (lost || error instanceof TimeoutError || options.signal?.aborted)
          this.#drop(connection);
        if (options.signal?.aborted) throw cancelled();
        // A connection found dead on first use: the server restarted, or timed us out.
        if (lost && attempt === 1 && (options.idempotent || !sent)) continue;
        throw storeError(error, { ...failure, connecting: !connection.opened });
      }
    }
  }

  async close() {
    const connection = this.#connection;
    this.#connection = undefined;
    if (!connection) return;
    try {
      await this.#bounded(undefined, async () => (await connection.ready).close());
    } catch {
      // It never opened, or the server went away: either way nothing is left to release.
      connection.client.destroy();
    }
  }

  /** The open connection, or a new one when there is none or it has dropped. */
  #connected(create: typeof createClient): Connection {
    const current = this.#connection;
    if (current?.opened && !current.client.isReady) this.#drop(current);
    this.#connection ??= this.#open(create);
    return this.#connection;
  }

  #open(create: typeof createClient): Connection {
    const { endpoint, timeoutMs, tls } = this.#options;
    const common = { host: endpoint.host, port: endpoint.port, connectTimeout: timeoutMs };
    const client: RedisClient = create({
      socket: endpoint.tls
        ? { ...common, reconnectStrategy: false, tls: true, ...tls }
        : { ...common, reconnectStrategy: false },
      ...(endpoint.username === undefined ? {} : { username: endpoint.username }),
      ...(endpoint.password === undefined ? {} : { password: endpoint.password }),
      database: endpoint.database,
      disableOfflineQueue: true,
      clientInfoTag: "langchain-mini",
    });
    // Failures reach the caller through the call that meets them; without a listener an
    // 'error' event would end the process.
    client.on("error", () => {});
    const connection: Connection = {
      client,
      opened: false,
      usedAt: Date.now(),
      ready: client.connect().then(
        () => {
          connection.opened = true;
          client.unref();
          return client;
        },
        (error: unknown) => {
          this.#drop(connection);
          throw error;
        },
      ),
    };
    // Whoever awaits it meets its failure; this keeps an abandoned one from going unhandled.
    connection.ready.catch(() => {});
    return connection;
  }

  /** Runs `work` until it ends, `signal` aborts or time is up; the timer holds the process. */
  #bounded<T>(signal: AbortSignal | undefined, work: () => Promise<T>): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      let settled = false;
      const settle = (finish: () => void) => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        signal?.removeEventListener("abort", onAbort);
        finish();
      };
      const timer = setTimeout(
        () => settle(() => reject(new TimeoutError())),
        this.#options.timeoutMs,
      );
      const onAbort = () => settle(() => reject(cancelled()));
      signal?.addEventListener("abort", onAbort, { once: true });
      work().then(
        (value) => settle(() => resolve(value)),
        (error: unknown) => settle(() => reject(error)),
      );
    });
  }

  #drop(connection: Connection) {
    if (this.#connection === connection) this.#connection = undefined;
    try {
      // Ends a connection still opening too, and rejects whatever still waits on it.
      connection.client.destroy();
    } catch {
      // Already closed.
    }
  }
}

function cancelled() {
  return abortError("The run was cancelled before Redis answered");
}

function isConnectionLoss(error: unknown) {
  const name = error instanceof Error ? error.constructor.name : "";
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  return (
    name === "SocketClosedUnexpectedlyError" ||
    name === "ClientClosedError" ||
    name === "ClientOfflineError" ||
    name === "DisconnectsClientError" ||
    code === "ECONNRESET" ||
    code === "EPIPE"
  );
}
