/**
 * One form of a status bar part, and when it gives way to the part's next form (or, for
 * the last one, to nothing): the lowest numbers give way first. KEPT never gives way.
 */
type StatusForm = readonly [text: string, givesWayAt: number];

/** A part of the status bar: its forms from the fullest to the shortest. */
export type StatusPart = readonly StatusForm[];

export const KEPT = Number.POSITIVE_INFINITY;
export const SEPARATOR = " · ";

/**
 * What of each part fits in `columns` (undefined: dropped), in whole words. Parts give
 * way one step at a time, in the order their forms say (a long form is shortened, a short
 * one dropped), until the bar fits; nothing is cut in the middle, where "step 1 of 1…"
 * would read as another number.
 */
export function fitStatus(
  parts: readonly StatusPart[],
  columns: number,
): readonly (string | undefined)[] {
  // Each part's form; its forms' length means dropped.
  const levels = parts.map(() => 0);
  const shown = () => parts.map((part, index) => part[levels[index] ?? 0]?.[0]);
  const steps = parts
    .flatMap((part, index) => part.map(([, at], level) => ({ at, index, level })))
    .filter((step) => step.at !== KEPT)
    .sort((a, b) => a.at - b.at);
  for (const step of steps) {
    if (width(shown()) <= columns) break;
    // A part gives way from the form it shows, its steps in order.
    if (levels[step.index] === step.level) levels[step.index] = step.level + 1;
  }
  // Still too wide (a window a few columns across): the leading parts that fit, whole.
  const texts = shown();
  let room = true;
  return texts.map((text, index) => {
    room &&= width(texts.slice(0, index + 1)) <= columns;
    return room ? text : undefined;
  });
}

/** Columns the shown parts take, separators included: one a character (the bar's text is narrow). */
function width(texts: readonly (string | undefined)[]) {
  return [...texts.filter((text) => text !== undefined).join(SEPARATOR)].length;
}
