import type { EnvVariable } from "@langchain-mini/core";
import type { Env } from "../config/env.js";
import { createSecretMatcher, type SecretMatcher } from "./secret-matcher.js";

// Names that say a variable holds a key, whoever reads it.
const SECRET_NAME = /KEY|TOKEN|SECRET|PASSWORD|PASSWD|AUTH|CREDENTIAL/i;

// Every plug-in this process loaded says which of its settings are secret; errors that
// happen after it loaded (a provider echoing its key) are blanked with them too.
const declared = new Set<string>();
// Credentials plug-ins put together from their settings (a header value, a password in a
// URL), which no variable's name gives away.
const declaredValues = new Set<string>();

/** A loaded plug-in's settings marked `secret: true` are blanked from now on. */
export function declareSecrets(environment: readonly EnvVariable[]) {
  for (const variable of environment) {
    if (variable.secret) declared.add(variable.name);
  }
}

/** A credential a plug-in handed over (its `addSecret`) is blanked from now on. */
export function declareSecretValue(value: string) {
  if (typeof value === "string" && value) declaredValues.add(value);
}

/**
 * The secrets of this environment: the values of secret-looking variables (API keys,
 * tokens, passwords) and of every loaded plug-in's secret settings, the passwords in its
 * URLs (LANGCHAIN_MINI_STORE=redis://:password@host), and the credentials plug-ins
 * declared.
 */
export function secretValues(env: Env): string[] {
  const values: string[] = [];
  for (const value of declaredValues) values.push(value, value.trim());
  for (const [name, value] of Object.entries(env)) {
    if (!value) continue;
    // As written and trimmed: a provider sends the key without the blanks around it.
    if (SECRET_NAME.test(name) || declared.has(name)) values.push(value, value.trim());
    else values.push(...passwordsIn(value));
  }
  return values;
}

/** The password of a URL, as written and decoded; none for anything else. */
function passwordsIn(value: string) {
  const written = /^[a-z][a-z0-9+.-]*:\/\/[^/@\s]*:([^@/\s]+)@/i.exec(value)?.[1];
  if (!written) return [];
  try {
    return [written, decodeURIComponent(written)];
  } catch {
    return [written];
  }
}

/**
 * A matcher for this environment's secrets and the key shapes (`sk-…`, `Bearer …`). It
 * follows the plug-ins: one loaded later (a model switched to, a tool server started)
 * has its secrets blanked from then on.
 */
export function secretMatcher(env: Env): SecretMatcher {
  let current = createSecretMatcher(secretValues(env));
  let known = declared.size + declaredValues.size;
  const latest = () => {
    if (declared.size + declaredValues.size !== known) {
      known = declared.size + declaredValues.size;
      current = createSecretMatcher(secretValues(env));
    }
    return current;
  };
  return {
    redact: (text) => latest().redact(text),
    stream: () => latest().stream(),
  };
}
