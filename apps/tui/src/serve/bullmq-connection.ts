import { createNodeRedisClient, type IRedisClient } from "bullmq";
import type { RedisClient } from "./redis-clients.js";

/**
 * The connection BullMQ gets: a node-redis client in BullMQ's own adapter, made here so
 * that it always has an 'error' listener. BullMQ listens on the adapter only while a
 * Queue or Worker is open on it, yet the adapter relays the client's errors for as long
 * as the client lives, and an 'error' event nobody listens to ends the process (a Redis
 * restart right after a worker closed would). The copies BullMQ makes of it (a worker's
 * blocking connection) get the same listener. The errors themselves reach us through
 * the client's own listener and BullMQ's events.
 */
export function bullmqConnection(client: RedisClient): IRedisClient {
  return heard(createNodeRedisClient(client));
}

function heard(adapter: IRedisClient): IRedisClient {
  adapter.on("error", () => {});
  const duplicate = adapter.duplicate.bind(adapter);
  adapter.duplicate = (...args: unknown[]) => heard(duplicate(...args));
  return adapter;
}
