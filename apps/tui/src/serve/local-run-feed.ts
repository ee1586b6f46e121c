import { endsRun, type FeedLine, type RunFeed } from "./coordination.js";
import { wakeOrAbort } from "./wake-or-abort.js";

/** How long finished runs' feeds stay readable in memory. */
export interface FeedRetention {
  /** A feed whose last line ends its run is dropped this long after that line. */
  readonly finishedFeedMs: number;
  /** At most this many finished feeds are kept: past it, the oldest finished goes first. */
  readonly finishedFeeds: number;
}

export const DEFAULT_FEED_RETENTION: FeedRetention = {
  finishedFeedMs: 60 * 60_000,
  finishedFeeds: 1_000,
};

interface Feed {
  readonly lines: string[];
  /** Readers waiting for the next line. */
  readonly wakers: Set<() => void>;
}

/**
 * Run feeds in this process's memory: an array of lines per run and the readers waiting
 * on it. A running run's feed is kept whole (its readers may start from any line); a
 * finished one is dropped after a while or once too many have finished, never while a
 * reader waits on it (a paused run's reader waits for the lines of its resumption).
 */
export class LocalRunFeed implements RunFeed {
  readonly #retention: FeedRetention;
  readonly #feeds = new Map<string, Feed>();
  /** Finished feeds, oldest first, with the timer that drops each. */
  readonly #finished = new Map<string, ReturnType<typeof setTimeout>>();

  constructor(retention: FeedRetention = DEFAULT_FEED_RETENTION) {
    this.#retention = retention;
  }

  async append(runId: string, lines: readonly string[]): Promise<void> {
    if (lines.length === 0) return;
    const feed = this.#feedOf(runId);
    // One by one: spreading a huge batch into push() would overflow the call stack.
    for (const line of lines) feed.lines.push(line);
    this.#unfinish(runId);
    if (endsRun(lines[lines.length - 1] as string)) this.#finish(runId);
    const wakers = [...feed.wakers];
    feed.wakers.clear();
    for (const wake of wakers) wake();
  }

  async *read(runId: string, from: number, signal: AbortSignal): AsyncIterable<FeedLine> {
    let next = Math.max(0, Math.floor(from));
    while (!signal.aborted) {
      const lines = this.#feeds.get(runId)?.lines;
      if (lines && next < lines.length) {
        const line = lines[next] as string;
        yield { seq: next, line };
        next++;
        if (endsRun(line)) return;
        continue;
      }
      const woken = await wakeOrAbort((wake) => this.#wait(runId, wake), signal);
      if (!woken) return;
    }
  }

  async length(runId: string): Promise<number> {
    return this.#feeds.get(runId)?.lines.length ?? 0;
  }

  /** Stops the timers that drop finished feeds, so that nothing outlives the process's work. */
  close() {
    for (const timer of this.#finished.values()) clearTimeout(timer);
    this.#finished.clear();
  }

  #feedOf(runId: string): Feed {
    let feed = this.#feeds.get(runId);
    if (!feed) {
      feed = { lines: [], wakers: new Set() };
      this.#feeds.set(runId, feed);
    }
    return feed;
  }

  #wait(runId: string, wake: () => void): () => void {
    const feed = this.#feedOf(runId);
    feed.wakers.add(wake);
    return () => {
      feed.wakers.delete(wake);
      // A reader of a run that never wrote leaves no empty feed behind.
      if (feed.lines.length === 0 && feed.wakers.size === 0 && this.#feeds.get(runId) === feed) {
        this.#feeds.delete(runId);
      }
    };
  }

  #finish(runId: string) {
    this.#schedule(runId);
    // Over the count, the oldest finished feeds go first (the map keeps finishing order).
    for (const oldest of [...this.#finished.keys()]) {
      if (this.#finished.size <= this.#retention.finishedFeeds) break;
      if (this.#dropped(oldest)) this.#unfinish(oldest);
    }
  }

  #schedule(runId: string) {
    const timer = setTimeout(() => {
      this.#finished.delete(runId);
      // Its reader waits for a resumption's lines: keep it, and look again later.
      if (!this.#dropped(runId)) this.#schedule(runId);
    }, this.#retention.finishedFeedMs);
    // The retention is housekeeping: it must not keep a stopping process alive.
    timer.unref();
    this.#finished.set(runId, timer);
  }

  /** A finished run resumed (more lines after its end): its feed is running again. */
  #unfinish(runId: string) {
    const timer = this.#finished.get(runId);
    if (timer === undefined) return;
    clearTimeout(timer);
    this.#finished.delete(runId);
  }

  /** Drops the feed unless a reader waits on it; true when dropped. */
  #dropped(runId: string): boolean {
    if ((this.#feeds.get(runId)?.wakers.size ?? 0) > 0) return false;
    this.#feeds.delete(runId);
    return true;
  }
}
