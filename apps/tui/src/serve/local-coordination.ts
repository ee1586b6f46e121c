import type { Coordination } from "./coordination.js";
import { LocalChatLocks } from "./local-chat-locks.js";
import { DEFAULT_FEED_RETENTION, type FeedRetention, LocalRunFeed } from "./local-run-feed.js";
import { LocalRunQueue } from "./local-run-queue.js";
import { reportOnStderr } from "./report-error.js";

export interface LocalCoordinationOptions {
  /** How long finished runs' feeds stay readable (default: an hour, at most 1,000 runs). */
  readonly retention?: Partial<FeedRetention>;
  /** Where a failure nobody awaits goes (a handler that threw); default: a line on stderr. */
  readonly onError?: (error: Error) => void;
}

/**
 * `serve` on its own, without Redis: the queue, the feeds and the chat claims all live in
 * this process's memory, and runs are carried out here.
 */
export function createLocalCoordination(options: LocalCoordinationOptions = {}): Coordination {
  const feed = new LocalRunFeed({ ...DEFAULT_FEED_RETENTION, ...options.retention });
  const queue = new LocalRunQueue(options.onError ?? reportOnStderr);
  return {
    feed,
    chats: new LocalChatLocks(),
    queue,
    async close() {
      await queue.close();
      feed.close();
    },
  };
}
