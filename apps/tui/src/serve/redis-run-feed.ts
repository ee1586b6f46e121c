import { LangchainMiniError } from "@langchain-mini/core";
import { endsRun, type FeedLine, type RunFeed } from "./coordination.js";
import type { RedisClient } from "./redis-clients.js";
import type { ServeKeys } from "./redis-keys.js";
import type { StreamFollower } from "./stream-follower.js";
import { wakeOrAbort } from "./wake-or-abort.js";

/** How long a run's stream lives in Redis. */
export interface StreamRetention {
  /** After a line that ends the run (a resumption's lines start it again). */
  readonly finishedFeedMs: number;
  /** After any other line: a run whose process died and that nobody took over. */
  readonly runningFeedMs: number;
}

/** Lines read per XRANGE. */
const PAGE = 500;
/** Runs whose next seq this process remembers (it forgets the oldest past it). */
const REMEMBERED_RUNS = 10_000;

/**
 * Appends after the stream's last entry, each line with its seq in the id (`0-<seq+1>`),
 * all or nothing. With an expected seq (ARGV[1], else ""), it appends only if the stream
 * ends just before it: a process that lost its run to another finds its next append
 * refused, rather than interleaving its lines with the other's.
 * Returns {1, next seq} or {0, the stream's actual next seq}.
 */
const APPEND = `
local last = redis.call('XREVRANGE', KEYS[1], '+', '-', 'COUNT', 1)
local next = 0
if #last > 0 then
  next = tonumber(string.match(last[1][1], '^0%-(%d+)$'))
  if not next then return redis.error_reply('not a run feed: ' .. KEYS[1]) end
end
if ARGV[1] ~= '' and tonumber(ARGV[1]) ~= next then return {0, next} end
for i = 3, #ARGV do
  next = next + 1
  redis.call('XADD', KEYS[1], '0-' .. next, 'line', ARGV[i])
end
redis.call('PEXPIRE', KEYS[1], ARGV[2])
return {1, next}
`;

/**
 * Run feeds as Redis Streams, one per run: any process appends (the one running the run)
 * and any process reads, replaying from any seq and then following live through the
 * shared StreamFollower.
 */
export class RedisRunFeed implements RunFeed {
  readonly #client: RedisClient;
  readonly #follower: StreamFollower;
  readonly #keys: ServeKeys;
  readonly #retention: StreamRetention;
  /** The next seq of the runs this process writes, to catch another writer. */
  readonly #next = new Map<string, number>();

  constructor(
    client: RedisClient,
    follower: StreamFollower,
    keys: ServeKeys,
    retention: StreamRetention,
  ) {
    this.#client = client;
    this.#follower = follower;
    this.#keys = keys;
    this.#retention = retention;
  }

  async append(runId: string, lines: readonly string[]): Promise<void> {
    if (lines.length === 0) return;
    const expected = this.#next.get(runId);
    const ended = endsRun(lines[lines.length - 1] as string);
    const keep = ended ? this.#retention.finishedFeedMs : this.#retention.runningFeedMs;
    const reply = (await this.#client.eval(APPEND, {
      keys: [this.#keys.feed(runId)],
      arguments: [expected === undefined ? "" : String(expected), String(keep), ...lines],
    })) as [number, number];
    this.#next.delete(runId);
    if (reply[0] !== 1) {
      throw new LangchainMiniError(
        "run_busy",
        `Run ${runId}'s events were written by another process (it has ${reply[1]} lines, this one expected ${expected}): this process no longer runs it`,
      );
    }
    // A resumption may be written by another process: an ended part is not followed.
    if (!ended) this.#remember(runId, reply[1]);
  }

  async *read(runId: string, from: number, signal: AbortSignal): AsyncIterable<FeedLine> {
    const key = this.#keys.feed(runId);
    let next = Math.max(0, Math.floor(from));
    while (!signal.aborted) {
      const entries = (await this.#client.xRange(key, `0-${next + 1}`, "+", { COUNT: PAGE })) ?? [];
      for (const entry of entries) {
        const seq = seqOf(entry.id);
        const line = entry.message.line;
        if (seq === undefined || seq < next || typeof line !== "string") continue;
        if (signal.aborted) return;
        yield { seq, line };
        next = seq + 1;
        if (endsRun(line)) return;
      }
      if (entries.length === PAGE) continue;
      // Waits for an entry after the last one seen: one appended since the XRANGE counts.
      const woken = await wakeOrAbort(
        (wake) => this.#follower.watch(key, `0-${next}`, wake),
        signal,
      );
      if (!woken) return;
    }
  }

  async length(runId: string): Promise<number> {
    return this.#client.xLen(this.#keys.feed(runId));
  }

  #remember(runId: string, next: number) {
    this.#next.set(runId, next);
    if (this.#next.size <= REMEMBERED_RUNS) return;
    const oldest = this.#next.keys().next();
    if (!oldest.done) this.#next.delete(oldest.value);
  }
}

/** The seq of an entry id `0-<seq+1>`; undefined for an id of another form. */
function seqOf(id: string): number | undefined {
  const match = /^0-(\d+)$/.exec(id);
  return match ? Number(match[1]) - 1 : undefined;
}
