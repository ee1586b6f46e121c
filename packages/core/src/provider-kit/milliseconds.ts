import { LangchainMiniError } from "../contracts/errors.js";

/** The longest delay Node's timers take (2^31 − 1 ms, about 24.8 days); longer fires at once. */
export const LONGEST_TIMER_MS = 2_147_483_647;

/**
 * The longest silence Node's fetch waits through (undici's headers and body timeouts):
 * an SDK that reaches its server through it cannot wait longer, whatever it is told.
 */
export const LONGEST_FETCH_WAIT_MS = 300_000;

/**
 * A duration setting such as OPENAI_TIMEOUT_MS: empty gives `fallback`; anything that is
 * not a whole number of milliseconds a timer can wait is one line naming the variable.
 */
export function readMilliseconds(
  name: string,
  value: string | undefined,
  fallback: number,
  longest = LONGEST_TIMER_MS,
): number {
  if (value === undefined || value.trim() === "") return fallback;
  const ms = /^\s*\d+\s*$/.test(value) ? Number(value) : Number.NaN;
  return checkMilliseconds(name, ms, longest, `'${value}'`);
}

/**
 * A duration given in code, such as the `timeoutMs` option: the same rule as
 * `readMilliseconds`, so that no setting reaches a timer that would fire at once (Node
 * runs a timer of 2^31 ms or more, NaN or a negative delay after 1 ms).
 */
export function checkMilliseconds(
  name: string,
  ms: number,
  longest = LONGEST_TIMER_MS,
  shown: string = String(ms),
): number {
  if (!Number.isSafeInteger(ms) || ms < 1 || ms > longest) {
    throw new LangchainMiniError(
      "config_invalid",
      `${name} must be a whole number of milliseconds from 1 to ${longest}, got ${shown}`,
    );
  }
  return ms;
}
