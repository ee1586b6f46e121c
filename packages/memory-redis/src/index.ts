export { createStore, description, environment, protocols } from "./plugin.js";
export { RedisSessionStore, type RedisSessionStoreOptions } from "./redis-session-store.js";
export { parseRedisUrl, type RedisEndpoint } from "./redis-url.js";
