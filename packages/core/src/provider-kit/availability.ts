import { LangchainMiniError } from "../contracts/errors.js";
import type { Availability } from "../contracts/plugins.js";

/**
 * The availability every HTTP provider has: a key, or a base URL naming a server other
 * than the provider's own (`away`), which may need none; else `missing` says what to set.
 */
export function keyOrOtherServer(
  key: string | undefined,
  away: boolean,
  missing: string,
): Availability {
  return key?.trim() || away ? { available: true } : { available: false, reason: missing };
}

/** What a factory does first: the line `availability` gave, as a config_invalid error. */
export function checkAvailable(verdict: Availability): void {
  if (!verdict.available) throw new LangchainMiniError("config_invalid", verdict.reason);
}
