/**
 * The known name a mistyped one most likely meant, for "did you mean …?": the closest by
 * edits (a letter left out, added, changed, or two swapped), or the one it begins, and only
 * when it is close enough to be a slip rather than another word. Undefined when none is.
 */
export function nearest(typed: string, known: readonly string[]): string | undefined {
  const word = typed.toLowerCase();
  // No option or tool name is this long: a pasted paragraph is not a slip of the finger.
  if (!word || word.length > 64) return undefined;
  // A slip is a letter or two, fewer in a short word: `ask` is not a typo of `tui`.
  const allowed = word.length <= 3 ? 1 : word.length <= 6 ? 2 : 3;
  let best: string | undefined;
  let bestDistance = Number.POSITIVE_INFINITY;
  for (const name of known) {
    const candidate = name.toLowerCase();
    // `calc` for `calculator`: a beginning counts as near, after an exact edit.
    const distance =
      word.length >= 3 && candidate.startsWith(word) ? 0.5 : editDistance(word, candidate);
    if (distance < bestDistance) {
      best = name;
      bestDistance = distance;
    }
  }
  return bestDistance <= allowed ? best : undefined;
}

/** Edits from one word to another, a swap of two neighbours counting as one. */
function editDistance(from: string, to: string): number {
  const rows = from.length + 1;
  const columns = to.length + 1;
  const table: number[][] = Array.from({ length: rows }, (_, row) =>
    Array.from({ length: columns }, (_, column) => (row === 0 ? column : column === 0 ? row : 0)),
  );
  const at = (row: number, column: number) => table[row]?.[column] ?? 0;
  for (let row = 1; row < rows; row++) {
    for (let column = 1; column < columns; column++) {
      const cost = from[row - 1] === to[column - 1] ? 0 : 1;
      let distance = Math.min(
        at(row - 1, column) + 1,
        at(row, column - 1) + 1,
        at(row - 1, column - 1) + cost,
      );
      const swapped =
        row > 1 &&
        column > 1 &&
        from[row - 1] === to[column - 2] &&
        from[row - 2] === to[column - 1];
      if (swapped) distance = Math.min(distance, at(row - 2, column - 2) + 1);
      (table[row] as number[])[column] = distance;
    }
  }
  return at(rows - 1, columns - 1);
}
