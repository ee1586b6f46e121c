import type { CreateStoreOptions } from "@langchain-mini/core";
import { RedisSessionStore } from "./redis-session-store.js";
import { settingsFromEnv } from "./settings.js";

// The plug-in contract of @langchain-mini/core: what a host knows before calling createStore.

export const protocols: readonly string[] = ["redis:", "rediss:"];

export const description =
  "sessions on Redis (node-redis), shared by every process and machine that uses the server";

export { environment } from "./settings.js";

/** Connects on the first call, so a server that is down costs a warning, not the answer. */
export function createStore({ url, env }: CreateStoreOptions): RedisSessionStore {
  return new RedisSessionStore({ url, ...settingsFromEnv(env) });
}
