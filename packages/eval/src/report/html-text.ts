import { terminalText } from "@langchain-mini/host";

/**
 * Text from a suite, a model or a tool inside HTML, as text and never markup: controls and
 * reordering characters removed (a reordered name could disguise itself), then the five
 * characters that could open a tag or close an attribute escaped.
 */
export function htmlText(text: string): string {
  return terminalText(text)
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;")
    .replace(/'/g, "&#39;");
}

/** At most `limit` characters, saying how many more there were (a page stays small). */
export function excerpt(text: string, limit: number): string {
  const characters = Array.from(text);
  if (characters.length <= limit) return text;
  return `${characters.slice(0, limit).join("")}… (${characters.length - limit} more characters)`;
}
