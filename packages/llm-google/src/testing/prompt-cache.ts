/**
 * Gemini's implicit cache, as far as a client can see it: a request whose prompt starts
 * with an earlier prompt of the same model has that prefix's tokens reported as cached
 * (`cachedContentTokenCount`), once the prefix is long enough to be cached at all.
 */
export class PromptCache {
  readonly #minTokens: number;
  readonly #seen = new Map<string, string[]>();

  constructor(minTokens: number) {
    this.#minTokens = minTokens;
  }

  /** The tokens of `prompt` read from the cache; remembers `prompt` for later requests. */
  lookUp(model: string, prompt: string): number {
    const earlier = this.#seen.get(model) ?? [];
    let shared = 0;
    for (const previous of earlier) shared = Math.max(shared, commonPrefix(previous, prompt));
    earlier.push(prompt);
    this.#seen.set(model, earlier);
    const tokens = Math.floor(shared / 4);
    return tokens >= this.#minTokens ? tokens : 0;
  }
}

/** What the fake counts as tokens: four characters each, as a rough tokenizer would. */
export function countTokens(text: string) {
  return Math.ceil(text.length / 4);
}

function commonPrefix(left: string, right: string) {
  const length = Math.min(left.length, right.length);
  let index = 0;
  while (index < length && left.charCodeAt(index) === right.charCodeAt(index)) index++;
  return index;
}
