import type { Env } from "../config/env.js";

const secretName = /KEY|TOKEN|SECRET|PASSWORD|PASSWD|AUTH|CREDENTIAL/i;
// Shapes of keys that may reach a text without coming from our environment.
const secretShapes = [/\bsk-[A-Za-z0-9_-]{16,}/g, /\bBearer\s+[A-Za-z0-9._~+/-]{8,}=*/gi];

export const REDACTED = "[REDACTED]";

/**
 * Returns a function that blanks secrets out of any text: the values of the
 * environment's secret-looking variables (API keys and the like), the passwords in its
 * URLs (LANGCHAIN_MINI_STORE=redis://:password@host), and anything shaped like an OpenAI
 * key or a bearer token.
 */
export function createRedactor(env: Env): (text: string) => string {
  const values = Object.entries(env)
    .flatMap(([name, value]) => (secretName.test(name) ? [value] : passwordsIn(value)))
    .filter((value): value is string => value !== undefined && value.length >= 6)
    // Longest first, so a key that contains another is blanked whole.
    .sort((a, b) => b.length - a.length);
  return (text) => {
    let result = text;
    for (const value of values) {
      if (result.includes(value)) result = result.split(value).join(REDACTED);
      // Keys also travel JSON-escaped inside trace lines.
      const escaped = JSON.stringify(value).slice(1, -1);
      if (escaped !== value && result.includes(escaped))
        result = result.split(escaped).join(REDACTED);
    }
    for (const shape of secretShapes) result = result.replace(shape, REDACTED);
    return result;
  };
}

/** The password of a URL, as written and decoded; none for anything else. */
function passwordsIn(value: string | undefined) {
  const written = value && /^[a-z][a-z0-9+.-]*:\/\/[^/@\s]*:([^@/\s]+)@/i.exec(value)?.[1];
  if (!written) return [];
  try {
    return [written, decodeURIComponent(written)];
  } catch {
    return [written];
  }
}

/** The event with secrets blanked out of every string in it. */
export function redactEvent<Event>(event: Event, redact: (text: string) => string): Event {
  const json = JSON.stringify(event);
  const clean = redact(json);
  return clean === json ? event : (JSON.parse(clean) as Event);
}
