/** Long enough for any API's own error sentence; a page of HTML is cut. */
export const LONGEST_SERVER_LINE = 300;
/** What is read of a server's text at most: a gigabyte of it costs no more than this. */
const LONGEST_READ = 8_192;

// Terminal control sequences (CSI, OSC and the other ESC strings, two-byte escapes), the
// C0 controls that are not whitespace, DEL, the C1 controls, and characters that reorder
// or hide text: a server's error message is foreign text bound for the user's terminal.
const CONTROLS = new RegExp(
  [
    String.raw`\u001b[\]PX^_][^\u0007\u001b\u009c\n]*[\u0007\u009c]?`,
    String.raw`(?:\u001b\[|\u009b)[\u0030-\u003f]*[\u0020-\u002f]*[\u0040-\u007e]?`,
    String.raw`\u001b[\u0020-\u002f]*[\u0030-\u007e]?`,
    String.raw`[\u0000-\u0008\u000e-\u001f\u007f-\u009f]`,
    String.raw`[\u034f\u061c\u115f\u1160\u180e\u200b-\u200f\u202a-\u202e\u2060-\u206f\u3164\ufeff\uffa0\u{e0000}-\u{e007f}]`,
  ].join("|"),
  "gu",
);
const TAGS = /<[^<>]{0,500}>/g;
const HTML = /^\s*<|<\/(?:html|body|title|h1|p)>/i;

/**
 * What a server said about a failure, fit for a one-line message: control sequences and
 * invisible characters removed, an HTML page's tags dropped, all whitespace (line breaks
 * included) as single spaces, `secret` (the API key, should a proxy echo the request)
 * blanked as `***`, and at most `LONGEST_SERVER_LINE` characters.
 */
export function serverLine(text: string, secret?: string): string {
  const blank = (value: string) => (secret ? value.replaceAll(secret, "***") : value);
  // Blanked before and after the controls go: a key split by one is still the key.
  let line = blank(blank(text).slice(0, LONGEST_READ).replace(CONTROLS, ""));
  if (HTML.test(line)) line = line.replace(TAGS, " ");
  line = line.replace(/\s+/g, " ").trim();
  const characters = Array.from(line);
  if (characters.length <= LONGEST_SERVER_LINE) return line;
  return `${characters.slice(0, LONGEST_SERVER_LINE - 1).join("")}…`;
}
