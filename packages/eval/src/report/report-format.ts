import { terminalText, visibleText } from "@langchain-mini/host";

/**
 * US dollars to four significant digits, never in exponent notation ($0.001234,
 * $12.35, $1235); "—" when unknown (a model without a price).
 */
export function formatDollars(dollars: number | undefined): string {
  if (dollars === undefined || !Number.isFinite(dollars)) return "—";
  if (dollars === 0) return "$0";
  if (dollars >= 1000) return `$${dollars.toFixed(0)}`;
  const decimals = Math.min(20, Math.max(0, 3 - Math.floor(Math.log10(dollars))));
  return `$${dollars.toFixed(decimals)}`;
}

/** A pass rate as a whole percentage: `80%`. */
export function formatPercent(rate: number): string {
  return `${Math.round(rate * 100)}%`;
}

/** A duration as people read it: `850ms`, `2.1s`, `3m05s`. */
export function formatDuration(milliseconds: number): string {
  if (milliseconds < 1000) return `${Math.round(milliseconds)}ms`;
  if (milliseconds < 60_000) return `${(milliseconds / 1000).toFixed(1)}s`;
  const seconds = Math.round(milliseconds / 1000);
  return `${Math.floor(seconds / 60)}m${String(seconds % 60).padStart(2, "0")}s`;
}

/** Seconds with millisecond precision, as JUnit's `time` attributes hold them. */
export function formatSeconds(milliseconds: number): string {
  return (milliseconds / 1000).toFixed(3);
}

/**
 * Text from a model, a tool or a scorer on one line: control sequences and reordering
 * characters removed (they would act on a terminal or disguise the text), every run of
 * white space one space.
 */
export function oneLine(text: string): string {
  return terminalText(text).replace(/\s+/g, " ").trim();
}

/**
 * A name a person tells apart from others (a case id, a model spec): whatever a terminal
 * would act on or hide is shown as an escape rather than removed, so two ids that differ
 * only there still look different.
 */
export function visibleName(name: string): string {
  return visibleText(name).replace(/\s/g, " ");
}

/** At most `width` characters (code points), the cut marked with `…`. */
export function cut(text: string, width: number): string {
  const characters = Array.from(text);
  if (characters.length <= width) return text;
  return `${characters.slice(0, Math.max(0, width - 1)).join("")}…`;
}
