/**
 * Context windows by model name, in tokens (prompt and reply together), as providers
 * publish them: a provider's `Llm` carries its model's as `contextWindow`.
 */
export type ContextWindowTable = Readonly<Record<string, number>>;

/**
 * The window of `model` in `table`, or undefined when the table has none. Only the
 * table's own entries count: a model named `constructor` has no window.
 */
export function contextWindowFor(table: ContextWindowTable, model: string): number | undefined {
  return Object.hasOwn(table, model) ? table[model] : undefined;
}
