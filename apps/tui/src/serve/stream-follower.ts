import { describeThrown } from "@langchain-mini/core";
import type { RedisClient } from "./redis-clients.js";

/** How long one XREAD waits before it is sent again (it is also woken sooner when needed). */
const BLOCK_MS = 5_000;
/** How long to wait before trying again after a failed XREAD (Redis restarting). */
const RETRY_MS = 500;
/** How long to wait before sending CLIENT UNBLOCK again when it found nothing blocked… */
const UNBLOCK_RETRY_MS = 5;
/** …and how many times: past that, the XREAD's own timeout brings the reader in. */
const UNBLOCK_TRIES = 200;

type Waker = () => void;

/**
 * Tells this process's feed readers when their streams grow, over ONE blocking
 * connection: a single XREAD BLOCK on every stream someone waits on, from the oldest
 * position any of its readers has seen. When it returns, every reader of the streams that
 * grew is woken and reads its own lines with XRANGE on the shared connection. A hundred
 * readers thus cost one connection and one blocked command, not a hundred.
 *
 * A reader that starts waiting on a stream the blocked XREAD does not cover (or covers
 * from too far on) interrupts it with CLIENT UNBLOCK, and the next XREAD includes it.
 * Wakers are one-shot: a woken reader reads, then waits again with its new position.
 */
export class StreamFollower {
  readonly #blocking: RedisClient;
  readonly #control: RedisClient;
  readonly #report: (error: Error) => void;
  /** Stream key → the readers waiting on it, each with the last entry id it has seen. */
  readonly #waiting = new Map<string, Map<Waker, string>>();
  /** The streams and positions of the XREAD under way, while one is. */
  #reading: Map<string, string> | undefined;
  #unblocking: Map<string, string> | undefined;
  /** The blocking connection's id (it changes when node-redis reconnects). */
  #clientId: number | undefined;
  #idle: (() => void) | undefined;
  #closed = false;
  readonly #loop: Promise<void>;

  constructor(blocking: RedisClient, control: RedisClient, report: (error: Error) => void) {
    this.#blocking = blocking;
    this.#control = control;
    this.#report = report;
    blocking.on("ready", () => {
      this.#clientId = undefined;
    });
    this.#loop = this.#follow();
  }

  /**
   * Calls `wake` once the stream has an entry after `afterId`; returns how to stop waiting.
   */
  watch(key: string, afterId: string, wake: Waker): () => void {
    let waiters = this.#waiting.get(key);
    if (!waiters) {
      waiters = new Map();
      this.#waiting.set(key, waiters);
    }
    waiters.set(wake, afterId);
    this.#cover(key, afterId);
    const registered = waiters;
    return () => {
      registered.delete(wake);
      if (registered.size === 0 && this.#waiting.get(key) === registered) this.#waiting.delete(key);
    };
  }

  /** Stops following and closes the blocking connection, which it owns. */
  async close() {
    this.#closed = true;
    this.#wakeIdle();
    // Not a polite close: that would wait for the blocked XREAD (or, with Redis down, for
    // ever); the XREAD fails at once instead, and the loop sees it is closed.
    this.#blocking.destroy();
    await this.#loop;
  }

  async #follow() {
    while (!this.#closed) {
      if (this.#waiting.size === 0) {
        await new Promise<void>((resolve) => {
          this.#idle = resolve;
        });
        continue;
      }
      const reading = new Map<string, string>();
      for (const [key, waiters] of this.#waiting) reading.set(key, oldest(waiters.values()));
      this.#reading = reading;
      let grown: string[] = [];
      try {
        this.#clientId ??= await this.#blocking.clientId();
        const reply = await this.#blocking.xRead(
          [...reading].map(([key, id]) => ({ key, id })),
          // One entry is enough to know a stream grew: its readers read the rest themselves.
          { BLOCK: BLOCK_MS, COUNT: 1 },
        );
        grown = (reply ?? []).map((stream) => String(stream.name));
      } catch (error) {
        if (this.#closed) break;
        this.#report(new Error(`Following run feeds failed: ${describeThrown(error)}`));
        await new Promise((resolve) => setTimeout(resolve, RETRY_MS));
      } finally {
        this.#reading = undefined;
      }
      for (const key of grown) this.#wakeReaders(key);
    }
  }

  #wakeReaders(key: string) {
    const waiters = this.#waiting.get(key);
    if (!waiters) return;
    this.#waiting.delete(key);
    for (const wake of waiters.keys()) wake();
  }

  /** Makes sure the XREAD under way (if any) covers this reader, else interrupts it. */
  #cover(key: string, afterId: string) {
    if (this.#wakeIdle()) return;
    const reading = this.#reading;
    // Between two XREADs: the next one is built from the waiting readers, this one included.
    if (!reading) return;
    const from = reading.get(key);
    if (from !== undefined && compareIds(from, afterId) <= 0) return;
    void this.#unblock(reading);
  }

  #wakeIdle(): boolean {
    const idle = this.#idle;
    if (!idle) return false;
    this.#idle = undefined;
    idle();
    return true;
  }

  /**
   * CLIENT UNBLOCK may reach the server before the XREAD it targets does, and then finds
   * nothing blocked: it is sent again until that XREAD has returned (or for a while).
   */
  async #unblock(reading: Map<string, string>) {
    if (this.#unblocking === reading) return;
    this.#unblocking = reading;
    try {
      for (let tries = 0; tries < UNBLOCK_TRIES; tries++) {
        if (this.#reading !== reading || this.#closed) return;
        const clientId = this.#clientId;
        if (clientId !== undefined) {
          const unblocked = await this.#control.clientUnblock(clientId);
          if (unblocked === 1) return;
        }
        await new Promise((resolve) => setTimeout(resolve, UNBLOCK_RETRY_MS));
      }
    } catch (error) {
      if (!this.#closed) this.#report(new Error(`Following run feeds: ${describeThrown(error)}`));
    } finally {
      if (this.#unblocking === reading) this.#unblocking = undefined;
    }
  }
}

/** The oldest of stream entry ids (`<ms>-<seq>`). */
function oldest(ids: Iterable<string>): string {
  let result: string | undefined;
  for (const id of ids) if (result === undefined || compareIds(id, result) < 0) result = id;
  return result ?? "0-0";
}

function compareIds(left: string, right: string): number {
  const [leftMs = 0n, leftSeq = 0n] = left.split("-").map(BigInt);
  const [rightMs = 0n, rightSeq = 0n] = right.split("-").map(BigInt);
  if (leftMs !== rightMs) return leftMs < rightMs ? -1 : 1;
  if (leftSeq !== rightSeq) return leftSeq < rightSeq ? -1 : 1;
  return 0;
}
