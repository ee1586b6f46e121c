import { type EnvVariable, LangchainMiniError, type PluginEnv } from "@langchain-mini/core";

export const DEFAULT_PREFIX = "langchain-mini:";
export const DEFAULT_TIMEOUT_MS = 5_000;

export const environment: readonly EnvVariable[] = [
  {
    name: "LANGCHAIN_MINI_REDIS_PREFIX",
    description: `what every key starts with (default ${DEFAULT_PREFIX})`,
  },
  {
    name: "LANGCHAIN_MINI_REDIS_TTL",
    description:
      "forget a session this long after its last turn: seconds, or e.g. 90m, 12h, 30d (default: keep)",
  },
  {
    name: "LANGCHAIN_MINI_REDIS_TIMEOUT_MS",
    description: `how long to wait for Redis to connect, and to answer each call (default ${DEFAULT_TIMEOUT_MS})`,
  },
];

export interface RedisSettings {
  readonly prefix?: string;
  readonly ttlSeconds?: number;
  readonly timeoutMs?: number;
}

/** The store's settings from the environment; a bad value is a one-line config error. */
export function settingsFromEnv(env: PluginEnv): RedisSettings {
  const prefix = env.LANGCHAIN_MINI_REDIS_PREFIX?.trim();
  const ttl = env.LANGCHAIN_MINI_REDIS_TTL?.trim();
  const timeout = env.LANGCHAIN_MINI_REDIS_TIMEOUT_MS?.trim();
  return {
    ...(prefix ? { prefix: checkPrefix(prefix, "LANGCHAIN_MINI_REDIS_PREFIX") } : {}),
    ...(ttl ? { ttlSeconds: parseTtl(ttl) } : {}),
    ...(timeout ? { timeoutMs: parseTimeout(timeout) } : {}),
  };
}

/** Printable, no spaces: a prefix is typed into redis-cli and shown in messages. */
export function checkPrefix(prefix: string, source = "The key prefix") {
  if (!/^[\x21-\x7e]{1,100}$/.test(prefix)) {
    throw new LangchainMiniError(
      "config_invalid",
      `${source} must be 1 to 100 printable characters without spaces, e.g. myapp:sessions:`,
    );
  }
  return prefix;
}

const UNITS: Record<string, number> = { "": 1, s: 1, m: 60, h: 3_600, d: 86_400 };

function parseTtl(text: string) {
  const match = /^(\d{1,9})\s*([smhd]?)$/i.exec(text);
  const seconds = match ? Number(match[1]) * (UNITS[match[2]?.toLowerCase() ?? ""] ?? 1) : 0;
  if (!match || seconds < 1) {
    throw new LangchainMiniError(
      "config_invalid",
      `LANGCHAIN_MINI_REDIS_TTL must be a whole number of seconds, or of minutes, hours or days such as 90m, 12h or 30d, got '${text}'`,
    );
  }
  return seconds;
}

function parseTimeout(text: string) {
  const milliseconds = Number(text);
  if (!/^\d+$/.test(text) || milliseconds < 1 || milliseconds > 600_000) {
    throw new LangchainMiniError(
      "config_invalid",
      `LANGCHAIN_MINI_REDIS_TIMEOUT_MS must be a whole number of milliseconds from 1 to 600000, got '${text}'`,
    );
  }
  return milliseconds;
}
