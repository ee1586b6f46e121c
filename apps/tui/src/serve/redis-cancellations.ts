import { setTimeout as sleep } from "node:timers/promises";
import { describeThrown } from "@langchain-mini/core";
import type { RedisClient } from "./redis-clients.js";
import type { ServeKeys } from "./redis-keys.js";

/** The pause before listening again after a failed SUBSCRIBE (Redis restarting). */
const LISTEN_RETRY_MS = 1_000;

/**
 * Cancellations across processes, in two forms: a message on a channel, which ends a run
 * going now wherever it runs, and a mark with an expiry, for what a message cannot reach
 * (a run still queued, which checks it as it starts; a message lost while the listening
 * connection was down, checked again once it is back).
 */
export class RedisCancellations {
  readonly #client: RedisClient;
  readonly #subscriber: RedisClient;
  readonly #keys: ServeKeys;
  readonly #markMs: number;
  readonly #report: (error: Error) => void;
  #listening = false;

  constructor(
    client: RedisClient,
    subscriber: RedisClient,
    keys: ServeKeys,
    markMs: number,
    report: (error: Error) => void,
  ) {
    this.#client = client;
    this.#subscriber = subscriber;
    this.#keys = keys;
    this.#markMs = markMs;
    this.#report = report;
  }

  async cancel(runId: string): Promise<void> {
    // The mark first: a process that starts the run after the message went sees it.
    await this.#client.set(this.#keys.cancelled(runId), "1", {
      expiration: { type: "PX", value: this.#markMs },
    });
    await this.#client.publish(this.#keys.cancelChannel, runId);
  }

  /** Whether the run was cancelled (a failure to ask says no, and is reported). */
  async cancelled(runId: string): Promise<boolean> {
    try {
      return (await this.#client.exists(this.#keys.cancelled(runId))) === 1;
    } catch (error) {
      this.#report(new Error(`Could not check run ${runId}: ${describeThrown(error)}`));
      return false;
    }
  }

  /**
   * Calls `stop` with each run cancelled from now on, and `recheck` whenever the listening
   * connection comes back (messages sent meanwhile are lost). Resolves once listening;
   * while Redis does not answer it tries again, until `stopped` says to give up.
   */
  async listen(stop: (runId: string) => void, recheck: () => void, stopped: () => boolean) {
    while (!stopped()) {
      try {
        await this.#subscriber.subscribe(this.#keys.cancelChannel, (runId) => stop(runId));
        this.#listening = true;
        break;
      } catch (error) {
        this.#report(new Error(`Could not listen for cancellations: ${describeThrown(error)}`));
        await sleep(LISTEN_RETRY_MS);
      }
    }
    this.#subscriber.on("ready", recheck);
  }

  async close() {
    if (!this.#listening) return;
    await this.#subscriber.unsubscribe(this.#keys.cancelChannel).catch(() => {});
  }
}
