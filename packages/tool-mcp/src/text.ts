/** What hosts write instead of a secret. */
const REDACTED = "[REDACTED]";

/** Hosts ignore shorter secrets (a short value would blank ordinary words). */
const MIN_SECRET_LENGTH = 6;

/** The longest one-line message a server's words make: a warning is read, not scrolled. */
const MAX_LINE = 1_000;

// Escape sequences (CSI, OSC) and the C0 and C1 controls a terminal acts on.
const CONTROLS =
  /\u001b\[[0-?]*[ -/]*[@-~]|\u001b\][^\u0007\u001b]*(?:\u0007|\u001b\\)?|\u001b.?|[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/g;

/**
 * A server's or the SDK's text as one line that is safe on a terminal: controls removed,
 * line breaks and runs of blanks as one space, cut at `max` characters.
 */
export function oneLine(text: string, max = MAX_LINE): string {
  const line = text
    .replace(/\r\n?|\n/g, " ")
    .replace(CONTROLS, "")
    .replace(/\s+/g, " ")
    .trim();
  return line.length > max ? `${line.slice(0, max)}…` : line;
}

/** `text` with every one of `secrets` (of a length hosts blank) replaced by [REDACTED]. */
export function blankSecrets(text: string, secrets: Iterable<string>): string {
  const longestFirst = [...secrets]
    .filter((secret) => secret.length >= MIN_SECRET_LENGTH)
    .sort((a, b) => b.length - a.length);
  let blanked = text;
  for (const secret of longestFirst) blanked = blanked.split(secret).join(REDACTED);
  return blanked;
}
