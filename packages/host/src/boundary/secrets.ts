import type { EnvVariable } from "@langchain-mini/core";
import type { Env } from "../config/env.js";
import {
  compileSecretPatterns,
  escapeRegExp,
  MIN_SECRET_LENGTH,
  REDACTED,
} from "./secret-patterns.js";
import { StreamingRedactor } from "./streaming-redactor.js";

// Names that say a variable holds a key, whoever reads it.
const SECRET_NAME = /KEY|TOKEN|SECRET|PASSWORD|PASSWD|AUTH|CREDENTIAL/i;

/**
 * One host's secrets: the values of its environment's secret-looking variables (API keys,
 * tokens, passwords, the password in a URL), the settings its loaded plug-ins mark
 * secret, and the credentials they put together from their settings (a header value).
 * Each host has its own: two hosts in one process never blank, or see, each other's.
 * Plug-ins loaded later (a model switched to, a tool server started) have their secrets
 * blanked from then on, also by a matcher taken before.
 */
export class Secrets {
  readonly #env: Env;
  readonly #names = new Set<string>();
  readonly #values = new Set<string>();
  #current: SecretMatcher | undefined;

  constructor(env: Env) {
    this.#env = env;
  }

  /** A loaded plug-in's settings marked `secret: true`. */
  declareVariables(environment: readonly EnvVariable[]) {
    for (const variable of environment) {
      if (!variable.secret || this.#names.has(variable.name)) continue;
      this.#names.add(variable.name);
      this.#current = undefined;
    }
  }

  /** A credential a plug-in handed over (its `addSecret`). */
  readonly add = (value: string) => {
    if (typeof value !== "string" || !value || this.#values.has(value)) return;
    this.#values.add(value);
    this.#current = undefined;
  };

  /** Every secret value, as written and trimmed (a provider sends a key without blanks). */
  values(): string[] {
    const values: string[] = [];
    for (const value of this.#values) values.push(value, value.trim());
    for (const [name, value] of Object.entries(this.#env))
      values.push(...this.#valuesOf(name, value));
    return values;
  }

  /** The matcher for these secrets and the key shapes (`sk-…`, `Bearer …`), kept current. */
  readonly matcher: SecretMatcher = {
    redact: (text) => this.#latest().redact(text),
    stream: () => this.#latest().stream(),
  };

  /** The text with every secret blanked. */
  readonly redact = (text: string) => this.matcher.redact(text);

  /**
   * What an approval prompt may hide of a tool call: nothing but the exact values of the
   * user's own configured secrets, each replaced by a label that says whose it is, such
   * as `[secret OPENAI_API_KEY]`. Key-shaped text (`sk-…`, `Bearer …`) is shown as it is:
   * blanking it would also hide what is around it, such as the path a call writes to.
   */
  mask(): (text: string) => string {
    const names = new Map<string, string>();
    for (const [name, value] of Object.entries(this.#env)) {
      for (const secret of this.#valuesOf(name, value)) {
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

  #valuesOf(name: string, value: string | undefined): string[] {
    if (!value) return [];
    if (SECRET_NAME.test(name) || this.#names.has(name)) return [value, value.trim()];
    return passwordsIn(value);
  }

  #latest() {
    this.#current ??= createSecretMatcher(this.values());
    return this.#current;
  }
}

/** Blanks one set of secrets: in a whole text, or in a text that arrives in pieces. */
export interface SecretMatcher {
  /** The text with every secret replaced by `[REDACTED]`. */
  redact(text: string): string;
  /** A redactor for one stream of pieces (one completion's deltas, one run's prompt). */
  stream(): StreamingRedactor;
}

/**
 * A matcher for these secret values (at least 6 characters; shorter ones are ignored)
 * and for anything shaped like an OpenAI-style key (`sk-…`) or a bearer token.
 */
export function createSecretMatcher(values: Iterable<string>): SecretMatcher {
  const patterns = compileSecretPatterns(values);
  return {
    // Most strings of an event are short (a tool's name, a number): none holds a secret.
    redact: (text) =>
      text.length < MIN_SECRET_LENGTH ? text : text.replace(patterns.find, REDACTED),
    stream: () => new StreamingRedactor(patterns),
  };
}

/** The secrets of an environment alone, with no plug-in loaded: a matcher for them. */
export function environmentSecrets(env: Env): SecretMatcher {
  return new Secrets(env).matcher;
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
