/** What a secret is replaced with wherever text leaves the process. */
export const REDACTED = "[REDACTED]";

/**
 * Shorter values are too common in ordinary text to blank without mangling it; every
 * key shape is longer too.
 */
export const MIN_SECRET_LENGTH = 6;

// A key shape starts only where a word does (the character before is not a word
// character). The check comes after the first letter, so the pattern starts with a letter
// and the regular expression engine can skip ahead to it: many times faster on plain text.
const startsWord = (first: string) => `${first}(?<![A-Za-z0-9_]${first})`;
// OpenAI-style keys: `sk-` and at least 16 key characters, as many as follow.
const KEY_CHARS = "[A-Za-z0-9_-]";
const KEY_SHAPE = `${startsWord("s")}k-${KEY_CHARS}{16,}`;
// Bearer tokens: `Bearer`, 1–8 spaces (bounded, so a partial one is bounded too), at least
// 8 token characters, then any `=` padding.
const TOKEN_CHARS = "[A-Za-z0-9._~+/-]";
const BEARER_SHAPE = `${startsWord("[Bb]")}[Ee][Aa][Rr][Ee][Rr]\\s{1,8}${TOKEN_CHARS}{8,}=*`;

/**
 * The longest text that can be the start of a key shape without being one yet:
 * `Bearer`, 8 spaces and 7 token characters.
 */
const LONGEST_PARTIAL_SHAPE = 6 + 8 + 7;

/** Which key shape ended a text, and so which characters would still continue it. */
export type ShapeKind = "key" | "bearer" | "padding";

/** Everything the one-shot and the streaming redactor need, compiled once per set of secrets. */
export interface SecretPatterns {
  /** Every complete secret: a listed value (group `literal`) or a key shape (`key`, `bearer`). */
  readonly find: RegExp;
  /** A key shape's beginning that runs to the end of the text (global, `$`-anchored). */
  readonly partialShape: RegExp;
  /** The listed values, longest first. */
  readonly literals: readonly string[];
  /** How far from the end of a text a secret that is not complete yet can begin. */
  readonly window: number;
  /** After a key shape ends a text, the characters that would still continue it (sticky). */
  readonly continuation: Readonly<Record<ShapeKind, RegExp>>;
}

/**
 * Compiles the secret values (API keys from the environment and plug-ins' secret
 * settings) and the key shapes into the patterns both redactors share. A value is also
 * listed JSON-escaped, as it appears inside a tool's JSON reply.
 */
export function compileSecretPatterns(values: Iterable<string>): SecretPatterns {
  const unique = new Set<string>();
  for (const value of values) {
    if (value.length < MIN_SECRET_LENGTH) continue;
    unique.add(value);
    const escaped = JSON.stringify(value).slice(1, -1);
    if (escaped !== value) unique.add(escaped);
  }
  // Longest first, so a value that contains another is blanked whole.
  const literals = [...unique].sort((a, b) => b.length - a.length);
  const shapes = `(?<key>${KEY_SHAPE})|(?<bearer>${BEARER_SHAPE})`;
  const find = new RegExp(
    literals.length ? `(?<literal>${literals.map(escapeRegExp).join("|")})|${shapes}` : shapes,
    "g",
  );
  const partialKey = `${startsWord("s")}(?:k(?:-${KEY_CHARS}{0,15})?)?`;
  const partialBearer = `${startsWord("[Bb]")}(?:[Ee](?:[Aa](?:[Rr](?:[Ee](?:[Rr](?:\\s{1,8}${TOKEN_CHARS}{0,7})?)?)?)?)?)?`;
  const partialShape = new RegExp(`(?:${partialKey}|${partialBearer})$`, "g");
  return {
    find,
    partialShape,
    literals,
    window: Math.max(LONGEST_PARTIAL_SHAPE, (literals[0]?.length ?? 0) - 1),
    continuation: {
      key: new RegExp(`${KEY_CHARS}*`, "y"),
      bearer: new RegExp(`${TOKEN_CHARS}*=*`, "y"),
      // A bearer token already into its `=` padding continues only with more `=`.
      padding: /=*/y,
    },
  };
}

/** A literal as a regular expression that matches only it. */
export function escapeRegExp(text: string) {
  return text.replace(/[\\^$.*+?()[\]{}|/-]/g, "\\$&");
}
