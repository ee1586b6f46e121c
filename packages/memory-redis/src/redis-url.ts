import { LangchainMiniError } from "@langchain-mini/core";

/** Where a Redis server is and how to log in, read from a URL as Redis users write it. */
export interface RedisEndpoint {
  readonly host: string;
  readonly port: number;
  readonly tls: boolean;
  readonly username?: string;
  readonly password?: string;
  readonly database: number;
  /** The URL without its credentials: safe for messages. */
  readonly where: string;
}

const FORM = "write redis://[[user]:password@]host[:port][/database], or rediss://… for TLS";

/** `redis[s]://[[user]:password@]host[:port][/database]`; throws a one-line config error. */
export function parseRedisUrl(url: string): RedisEndpoint {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    // The text may hold a password: never repeat it.
    throw invalid(`The Redis URL is not a URL: ${FORM}`);
  }
  if (parsed.protocol !== "redis:" && parsed.protocol !== "rediss:") {
    throw invalid(
      `A Redis URL starts with redis:// or rediss://, not ${parsed.protocol}//: ${FORM}`,
    );
  }
  const host = parsed.hostname.replace(/^\[(.*)\]$/, "$1") || "localhost";
  const port = parsed.port ? Number(parsed.port) : 6379;
  const where = `${parsed.protocol}//${parsed.hostname || "localhost"}:${port}`;
  const path = decodeURIComponent(parsed.pathname).replace(/^\//, "");
  if (path !== "" && !/^\d{1,5}$/.test(path)) {
    throw invalid(`The path of the Redis URL ${where} must be a database number, e.g. /0: ${FORM}`);
  }
  if (parsed.search || parsed.hash) {
    throw invalid(
      `The Redis URL ${where} has options after ? or #, which are not read: set LANGCHAIN_MINI_REDIS_PREFIX and LANGCHAIN_MINI_REDIS_TTL instead`,
    );
  }
  const database = path === "" ? 0 : Number(path);
  const username = parsed.username ? decodeURIComponent(parsed.username) : undefined;
  const password = parsed.password ? decodeURIComponent(parsed.password) : undefined;
  return {
    host,
    port,
    tls: parsed.protocol === "rediss:",
    ...(username === undefined ? {} : { username }),
    ...(password === undefined ? {} : { password }),
    database,
    where: `${where}/${database}`,
  };
}

function invalid(message: string) {
  return new LangchainMiniError("config_invalid", message);
}
