// The Redis store as the contract's process checks open it in a child process: the
// location is the server's URL and a key prefix of the check's own, as JSON.
import { RedisSessionStore } from "../../dist/index.js";

export function open(location) {
  const { url, prefix } = JSON.parse(location);
  return new RedisSessionStore({ url, prefix });
}
