export { type RedisServer, type RedisServerOptions, startRedisServer } from "./redis-server.js";
