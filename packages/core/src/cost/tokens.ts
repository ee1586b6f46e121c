/**
 * A provider-independent token estimate (about four characters a token for English),
 * for budgets and for providers that report no usage. Real usage, when reported, wins.
 */
export function estimateTokens(text: string) {
  return text.length === 0 ? 0 : Math.ceil(text.length / 4);
}
