/**
 * US dollars as people read them: cents above a dollar, two significant digits below
 * (an agent step on a small model costs a fraction of a cent), "$0" for nothing.
 */
export function formatCost(dollars: number): string {
  if (dollars === 0) return "$0";
  if (dollars >= 1) return `$${dollars.toFixed(2)}`;
  if (dollars < 0.000_001) return "<$0.000001";
  const decimals = 1 - Math.floor(Math.log10(dollars));
  return `$${dollars.toFixed(decimals)}`;
}
