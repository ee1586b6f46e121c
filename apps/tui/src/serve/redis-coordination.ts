import { describeThrown, LangchainMiniError } from "@langchain-mini/core";
import { withoutPassword } from "@langchain-mini/host";
import type { Coordination } from "./coordination.js";
import { RedisCancellations } from "./redis-cancellations.js";
import { RedisChatLocks } from "./redis-chat-locks.js";
import { connectRedis, disconnectRedis, type RedisClient, redisPlace } from "./redis-clients.js";
import { DEFAULT_PREFIX, serveKeys } from "./redis-keys.js";
import { RedisRunFeed } from "./redis-run-feed.js";
import { RedisRunQueue } from "./redis-run-queue.js";
import { DEFAULT_TIMINGS, type RedisTimings } from "./redis-timings.js";
import { reportOnStderr } from "./report-error.js";
import { StreamFollower } from "./stream-follower.js";

export interface RedisCoordinationOptions {
  /** Prefix of every key serve writes (default `lcm:serve:`); BullMQ's keys go under it too. */
  readonly prefix?: string;
  /** The clocks (see RedisTimings); tests shorten them. */
  readonly timings?: Partial<RedisTimings>;
  /** Where failures nobody awaits go (a lost connection, a handler that threw). */
  readonly onError?: (error: Error) => void;
}

/** How much the same failure is repeated: once a minute at most (a Redis outage). */
const REPEAT_MS = 60_000;

/**
 * Serve processes sharing one Redis (`--store redis://…`) act as one service: any of them
 * takes a run from the BullMQ queue, any reads any run's feed, and a run whose process
 * died is taken over by another within 60 s. Fails with one line when Redis does not
 * answer (never naming the URL's password).
 */
export async function createRedisCoordination(
  url: string,
  options: RedisCoordinationOptions = {},
): Promise<Coordination> {
  const place = redisPlace(url);
  const keys = serveKeys(options.prefix ?? DEFAULT_PREFIX, place.database);
  const timings: RedisTimings = { ...DEFAULT_TIMINGS, ...options.timings };
  const report = onceInAWhile(options.onError ?? reportOnStderr);
  // Commands (BullMQ's too), cancellations heard, and run feeds followed: one each.
  const opening = await Promise.allSettled(
    ["commands", "cancellations", "feeds"].map((name) =>
      connectRedis(place, `langchain-mini-serve-${name}`, report),
    ),
  );
  const clients = opening.flatMap((opened) =>
    opened.status === "fulfilled" ? [opened.value] : [],
  );
  const failed = opening.find((opened) => opened.status === "rejected");
  if (failed) {
    await Promise.all(clients.map(disconnectRedis));
    throw failed.reason;
  }
  const [client, subscriber, blocking] = clients as [RedisClient, RedisClient, RedisClient];
  const follower = new StreamFollower(blocking, client, report);
  const chats = new RedisChatLocks(client, keys, timings.claimMs);
  const cancellations = new RedisCancellations(
    client,
    subscriber,
    keys,
    timings.cancelMarkMs,
    report,
  );
  const queue = new RedisRunQueue({ client, cancellations, keys, timings, chats, report });
  try {
    await queue.ready();
  } catch (error) {
    await queue.close().catch(() => {});
    await follower.close();
    await Promise.all([disconnectRedis(client), disconnectRedis(subscriber)]);
    throw new LangchainMiniError(
      "store_unavailable",
      `Redis at ${place.where} went away while serve was starting (${withoutPassword(describeThrown(error))}): try again`,
    );
  }
  return {
    feed: new RedisRunFeed(client, follower, keys, timings),
    chats,
    queue,
    async close() {
      await queue.close();
      await follower.close();
      await Promise.all([disconnectRedis(client), disconnectRedis(subscriber)]);
    },
  };
}

/** Passes a failure on unless the same one was passed on less than a minute ago. */
function onceInAWhile(report: (error: Error) => void): (error: Error) => void {
  const last = new Map<string, number>();
  return (error) => {
    const now = Date.now();
    const seen = last.get(error.message);
    if (seen !== undefined && now - seen < REPEAT_MS) return;
    if (last.size >= 100) last.clear();
    last.set(error.message, now);
    report(error);
  };
}
