import { compileSecretPatterns, MIN_SECRET_LENGTH, REDACTED } from "./secret-patterns.js";
import { StreamingRedactor } from "./streaming-redactor.js";

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
