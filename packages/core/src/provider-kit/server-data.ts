/**
 * A field of a server's reply that no reply of its API holds, such as a token count of
 * -5 or text that is a number. A provider turns it into its own `llm_bad_response` error,
 * which names the server: bad data from a server is a failed call (exit 1), while a chunk
 * that breaks core's contract is the plug-in's fault (exit 2).
 */
export class ServerDataError extends Error {
  /** What was wrong, e.g. `usage.prompt_tokens is not a token count`; never the value itself. */
  readonly detail: string;
  constructor(detail: string) {
    super(`the reply's ${detail}`);
    this.name = "ServerDataError";
    this.detail = detail;
  }
}

/**
 * A token count as a server sent it: absent (undefined or null) is undefined; a finite
 * number from 0 is itself; anything else (negative, a string, an object) throws.
 */
export function readTokenCount(value: unknown, field: string): number | undefined {
  if (value === undefined || value === null) return undefined;
  if (typeof value === "number" && Number.isFinite(value) && value >= 0) return value;
  throw new ServerDataError(`${field} is not a token count`);
}

/** A text field as a server sent it: absent (undefined or null) is undefined; anything but a string throws. */
export function readServerText(value: unknown, field: string): string | undefined {
  if (value === undefined || value === null) return undefined;
  if (typeof value === "string") return value;
  throw new ServerDataError(`${field} is not text`);
}
