import { MIN_SECRET_LENGTH } from "../boundary/secret-patterns.js";
import { secretValues } from "../boundary/secrets.js";
import type { Env } from "../config/env.js";

/**
 * What an approval prompt may hide of a tool call: nothing but the exact values of the
 * user's own configured secrets (the environment's keys and tokens, the plug-ins' secret
 * settings, a store URL's password), each replaced by a label that says whose it is, such
 * as `[secret OPENAI_API_KEY]`. Key-shaped text (`sk-…`, `Bearer …`) is shown as it is:
 * blanking it would also hide what is around it, such as the path a call writes to.
 */
export function secretMask(env: Env): (text: string) => string {
  const names = new Map<string, string>();
  for (const [name, value] of Object.entries(env)) {
    if (!value) continue;
    for (const secret of secretValues({ [name]: value })) {
      if (secret.length < MIN_SECRET_LENGTH || names.has(secret)) continue;
      names.set(secret, name);
      // As it appears inside a JSON string of the call's arguments.
      const escaped = JSON.stringify(secret).slice(1, -1);
      if (!names.has(escaped)) names.set(escaped, name);
    }
  }
  if (names.size === 0) return (text) => text;
  // Longest first, so that a value holding another is labelled whole.
  const values = [...names.keys()].sort((a, b) => b.length - a.length);
  const pattern = new RegExp(values.map(escapeRegExp).join("|"), "g");
  return (text) => text.replace(pattern, (secret) => `[secret ${names.get(secret)}]`);
}

function escapeRegExp(text: string) {
  return text.replace(/[\\^$.*+?()[\]{}|/-]/g, "\\$&");
}
