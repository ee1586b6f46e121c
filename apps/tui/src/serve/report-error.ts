import { withoutPassword } from "@langchain-mini/host";

/**
 * Where a failure that no caller awaits goes by default (a handler that threw, a lost
 * connection to Redis): one line on stderr, never a stack, never a URL's password.
 */
export function reportOnStderr(error: Error) {
  process.stderr.write(`langchain-mini serve: ${withoutPassword(error.message)}\n`);
}
