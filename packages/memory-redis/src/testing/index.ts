export type { TestCertificates } from "./certificates.js";
export { type RedisServer, type RedisServerOptions, startRedisServer } from "./redis-server.js";
