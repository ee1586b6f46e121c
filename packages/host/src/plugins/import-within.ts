import { usageError } from "../config/usage-error.js";
import type { LocateOptions } from "./locate-module.js";
import { messageOf } from "./locate-module.js";

/** How long a plug-in module may take to load (its top-level code), unless the user says otherwise. */
const DEFAULT_LIMIT_SECONDS = 30;
/** A day: nothing should take longer to load, and setTimeout takes no more than about 24 days. */
const MOST_SECONDS = 86_400;

/**
 * Imports a plug-in module (`load` imports it), giving its top-level code LANGCHAIN_MINI_PLUGIN_TIMEOUT
 * seconds: a module whose import never settles would otherwise hold the command for
 * ever (or, with nothing else to wait on, end it without a word). Either failure is one
 * usage line naming the module (`what` it was loaded as, e.g. "tool", and its `name`).
 */
export async function importWithin(
  load: () => Promise<unknown>,
  what: string,
  name: string,
  env: LocateOptions["env"],
): Promise<unknown> {
  const seconds = limitSeconds(env);
  let timer: NodeJS.Timeout | undefined;
  const limit = new Promise<typeof TIMED_OUT>((resolve) => {
    timer = setTimeout(() => resolve(TIMED_OUT), seconds * 1000);
  });
  let loaded: unknown;
  try {
    loaded = await Promise.race([load(), limit]);
  } catch (error) {
    throw usageError(`The ${what} module '${name}' failed to load: ${messageOf(error)}`);
  } finally {
    clearTimeout(timer);
  }
  if (loaded === TIMED_OUT) {
    throw usageError(
      `The ${what} module '${name}' did not finish loading within ${seconds} s (its import never settles): the plug-in broke its contract (LANGCHAIN_MINI_PLUGIN_TIMEOUT=<seconds> gives it longer)`,
    );
  }
  return loaded;
}

const TIMED_OUT = Symbol("timed out");

function limitSeconds(env: LocateOptions["env"]) {
  const value = env?.LANGCHAIN_MINI_PLUGIN_TIMEOUT?.trim();
  if (!value) return DEFAULT_LIMIT_SECONDS;
  const seconds = Number(value);
  if (!(Number.isFinite(seconds) && seconds > 0 && seconds <= MOST_SECONDS)) {
    throw usageError(
      `LANGCHAIN_MINI_PLUGIN_TIMEOUT must be a number of seconds above 0 (at most ${MOST_SECONDS}), not "${value}"`,
    );
  }
  return seconds;
}
