/** A score an index can hold that is no time a Date can show (inf, 1e300). */
export function isTime(score: number) {
  return Number.isFinite(score) && Math.abs(score) <= LATEST_TIME_MS;
}

/** The largest time in milliseconds a JavaScript Date holds either side of 1970. */
const LATEST_TIME_MS = 8.64e15;

/** An entry's name as a warning quotes it: escaped, and short. */
export function quoted(name: string) {
  const text = JSON.stringify(name);
  return text.length > 40 ? `${text.slice(0, 37)}…"` : text;
}
