/**
 * The live progress of an eval on one terminal line, at most `width` characters:
 * `[#####.....] 12/40 cases · 10 passed`. The CLI redraws it with `\r` on stderr.
 */
export function progressLine(done: number, total: number, passed: number, width: number): string {
  const counts = ` ${done}/${total} cases · ${passed} passed`;
  // The bar takes what the counts leave, between 10 and 40 cells.
  const cells = Math.max(10, Math.min(40, width - counts.length - 2));
  const fraction = total > 0 ? Math.min(1, Math.max(0, done / total)) : 1;
  const filled = Math.floor(fraction * cells);
  const line = `[${"#".repeat(filled)}${".".repeat(cells - filled)}]${counts}`;
  return line.length <= width ? line : line.slice(0, Math.max(0, width));
}
