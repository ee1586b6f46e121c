/** US dollars per million tokens of each kind. */
export interface TokenRates {
  /** Input tokens neither read from nor written to the prompt cache. */
  readonly input: number;
  /** Output tokens, thinking included. */
  readonly output: number;
  /** Input tokens read from the prompt cache; `input` when not given. */
  readonly cachedInput?: number;
  /** Input tokens written to the prompt cache; `input` when not given. */
  readonly cacheWrite?: number;
}

/** What a model costs, as its provider publishes it. */
export interface ModelPrice extends TokenRates {
  /** The day the price was read off the provider's page, `YYYY-MM-DD`. */
  readonly checked?: string;
  /** The last day the price holds (a promotion's end), `YYYY-MM-DD`: after it, it is unknown. */
  readonly until?: string;
  /**
   * Rates for a call whose prompt (every input token, cached ones included) is longer
   * than `overTokens`: they apply to all of that call's tokens, output included.
   */
  readonly longPrompt?: TokenRates & { readonly overTokens: number };
}

/** Prices by model name, e.g. `{ "gpt-4.1-mini": { input: 0.4, … } }`. */
export type PriceTable = Readonly<Record<string, ModelPrice>>;

/**
 * The price of `model` in `table` on `day` (default today), or undefined when the table
 * has none or its price no longer holds. Only the table's own entries count: a model
 * named `constructor` has no price.
 */
export function priceFor(
  table: PriceTable | undefined,
  model: string,
  day: Date = new Date(),
): ModelPrice | undefined {
  if (!table || !Object.hasOwn(table, model)) return undefined;
  return stillHolds(table[model], day) ? table[model] : undefined;
}

/** False once the price's `until` day has passed. */
export function stillHolds(price: ModelPrice | undefined, day: Date = new Date()): boolean {
  if (!price) return false;
  return price.until === undefined || day.toISOString().slice(0, 10) <= price.until;
}

const RATE_FIELDS = ["input", "output", "cachedInput", "cacheWrite"] as const;
const PRICE_FIELDS = new Set<string>([...RATE_FIELDS, "checked", "until", "longPrompt"]);
const LONG_FIELDS = new Set<string>([...RATE_FIELDS, "overTokens"]);

/**
 * Why `value` is not a `ModelPrice`, in a few words, or undefined when it is one. Hosts
 * check prices from files and plug-ins with it: a wrong figure is worse than none.
 */
export function modelPriceProblem(value: unknown): string | undefined {
  if (!isRecord(value)) return 'a price is an object such as { "input": 0.4, "output": 1.6 }';
  const unknown = Object.keys(value).find((key) => !PRICE_FIELDS.has(key));
  if (unknown !== undefined)
    return `'${unknown}' is not a price field (${[...PRICE_FIELDS].join(", ")})`;
  const rates = ratesProblem(value);
  if (rates) return rates;
  for (const field of ["checked", "until"] as const) {
    const date = value[field];
    if (date !== undefined && !isDay(date)) return `${field} must be a date such as "2026-11-23"`;
  }
  const long = value.longPrompt;
  if (long === undefined) return undefined;
  if (!isRecord(long)) return "longPrompt must be an object with overTokens and its rates";
  const unknownLong = Object.keys(long).find((key) => !LONG_FIELDS.has(key));
  if (unknownLong !== undefined) return `'longPrompt.${unknownLong}' is not a price field`;
  if (!Number.isSafeInteger(long.overTokens) || (long.overTokens as number) < 1) {
    return "longPrompt.overTokens must be a whole number of tokens";
  }
  const longRates = ratesProblem(long);
  return longRates && `longPrompt.${longRates}`;
}

function ratesProblem(value: Readonly<Record<string, unknown>>): string | undefined {
  for (const field of RATE_FIELDS) {
    const rate = value[field];
    const required = field === "input" || field === "output";
    if (rate === undefined && !required) continue;
    if (typeof rate !== "number" || !Number.isFinite(rate) || rate < 0) {
      return `${field} must be a number of dollars per million tokens, 0 or more`;
    }
  }
  return undefined;
}

function isRecord(value: unknown): value is Readonly<Record<string, unknown>> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function isDay(value: unknown) {
  return (
    typeof value === "string" &&
    /^\d{4}-\d{2}-\d{2}$/.test(value) &&
    !Number.isNaN(Date.parse(`${value}T00:00:00Z`))
  );
}
