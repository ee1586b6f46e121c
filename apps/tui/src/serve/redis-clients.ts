import { describeThrown, LangchainMiniError } from "@langchain-mini/core";
import { withoutPassword } from "@langchain-mini/host";
import { createClient } from "redis";

export type RedisClient = ReturnType<typeof createClient>;

/** Where a Redis server is, as messages may name it (never with its password). */
export interface RedisPlace {
  readonly url: string;
  /** `redis://host:port/database`: safe for messages. */
  readonly where: string;
  readonly database: number;
}

const FORM = "write redis://[[user]:password@]host[:port][/database], or rediss://… for TLS";

/** Reads the parts of a Redis URL that serve needs; a one-line configuration error if bad. */
export function redisPlace(url: string): RedisPlace {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    // The text may hold a password: never repeat it.
    throw new LangchainMiniError("config_invalid", `The Redis URL is not a URL: ${FORM}`);
  }
  const where = withoutPassword(`${parsed.protocol}//${parsed.host}`);
  if (parsed.protocol !== "redis:" && parsed.protocol !== "rediss:") {
    throw new LangchainMiniError("config_invalid", `${where} is not a Redis URL: ${FORM}`);
  }
  const path = parsed.pathname.replace(/^\//, "");
  if (path !== "" && !/^\d{1,5}$/.test(path)) {
    throw new LangchainMiniError(
      "config_invalid",
      `The path of the Redis URL ${where} must be a database number, e.g. /0: ${FORM}`,
    );
  }
  const database = path === "" ? 0 : Number(path);
  return { url, where: `${where}/${database}`, database };
}

/** How long a first connection may take to be accepted. */
const CONNECT_TIMEOUT_MS = 30_000;

/**
 * Opens one connection. It must answer at once (a server that is not there is a
 * configuration error for the command to report); from then on node-redis reconnects by
 * itself, with a short backoff, for as long as the server is gone: a server outlives a
 * Redis restart, and the commands sent meanwhile wait for the connection to come back.
 * Errors while it is down go to `report`, once per outage.
 */
export async function connectRedis(
  place: RedisPlace,
  name: string,
  report: (error: Error) => void,
): Promise<RedisClient> {
  let opened = false;
  let reported = false;
  const client: RedisClient = createClient({
    url: place.url,
    name,
    socket: {
      // A server that is not there refuses at once; the wait is for one that is slow to
      // accept, as on a busy machine (node-redis's own 5 s gives up on those).
      connectTimeout: CONNECT_TIMEOUT_MS,
      reconnectStrategy: (retries: number, cause: Error) =>
        opened ? Math.min(50 * 2 ** Math.min(retries, 6), 2_000) : cause,
    },
  });
  client.on("error", (error: unknown) => {
    // Before the first connection, connect() rejects with it; while down, one line is enough.
    if (!opened || reported) return;
    reported = true;
    report(new Error(`Lost Redis at ${place.where}: ${withoutPassword(describeThrown(error))}`));
  });
  client.on("ready", () => {
    reported = false;
  });
  try {
    await client.connect();
  } catch (error) {
    client.destroy();
    throw new LangchainMiniError(
      "store_unavailable",
      `Redis at ${place.where} did not answer (${withoutPassword(describeThrown(error))}): check that it runs and that the URL names it`,
    );
  }
  opened = true;
  return client;
}

/** Closes a connection, politely if it is up, and never throws. */
export async function disconnectRedis(client: RedisClient) {
  try {
    if (client.isReady) await client.close();
    else client.destroy();
  } catch {
    // Already closed, or the server went away: nothing is left to release.
  }
}
