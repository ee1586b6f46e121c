import { join } from "node:path";
import {
  type Llm,
  type ModelPrice,
  modelPriceProblem,
  type PriceTable,
  priceFor,
  stillHolds,
  withPrice,
} from "@langchain-mini/core";
import { readDataFile } from "./data-file.js";

/** The user's own prices, in the data directory, over the providers' tables. */
export const PRICES_FILE = "prices.json";

// Entries may also hold "contextWindow": <tokens>, beside a price or alone.
const SHAPE = '{ "<provider>:<model>": { "input": 0.4, "output": 1.6 }, … }';

export interface UserPrices {
  /** By `provider:model`; null: the user says the model has no known price. */
  readonly prices: ReadonlyMap<string, ModelPrice | null>;
  /** Context windows in tokens by `provider:model`, from the entries' `contextWindow`. */
  readonly windows: ReadonlyMap<string, number>;
  /** One line naming the file and what of it was left out, when anything was. */
  readonly warning?: string;
}

const NONE: UserPrices = { prices: new Map(), windows: new Map() };

/**
 * `prices.json` in the data directory. Whatever is wrong with it costs a warning and
 * the entries it concerns, never the run: the providers' own prices still count.
 */
export async function readUserPrices(dataDirectory: string): Promise<UserPrices> {
  const path = join(dataDirectory, PRICES_FILE);
  const file = await readDataFile(path, SHAPE);
  if (!file) return NONE;
  if ("problem" in file) return ignored(path, file.problem);
  const parsed = file.json;
  if (typeof parsed !== "object" || parsed === null || Array.isArray(parsed)) {
    return ignored(path, `it must be ${SHAPE}`);
  }
  return parseEntries(path, parsed as Record<string, unknown>);
}

function parseEntries(path: string, entries: Record<string, unknown>): UserPrices {
  const prices = new Map<string, ModelPrice | null>();
  const windows = new Map<string, number>();
  const problems: string[] = [];
  for (const [key, value] of Object.entries(entries)) {
    const entry = /^[^:\s]+:\S/.test(key)
      ? readEntry(value)
      : { problem: "names no <provider>:<model>, e.g. openai:gpt-4.1-mini" };
    if ("problem" in entry) {
      problems.push(`${shown(key)}: ${entry.problem}`);
      continue;
    }
    if (entry.price !== undefined) prices.set(key, entry.price);
    if (entry.window !== undefined) windows.set(key, entry.window);
  }
  if (problems.length === 0) return { prices, windows };
  const count = problems.length === 1 ? "1 entry" : `${problems.length} entries`;
  const more = problems.length > 1 ? ` (and ${problems.length - 1} more)` : "";
  return { prices, windows, warning: `Ignoring ${count} of ${path}: ${problems[0]}${more}` };
}

/**
 * One entry: a price, null (no known price), and a `contextWindow` beside the price or
 * alone (the provider's price then still counts).
 */
function readEntry(
  value: unknown,
): { price?: ModelPrice | null; window?: number } | { problem: string } {
  if (value === null) return { price: null };
  if (typeof value !== "object" || Array.isArray(value) || !Object.hasOwn(value, "contextWindow")) {
    const problem = modelPriceProblem(value);
    return problem ? { problem } : { price: value as ModelPrice };
  }
  const { contextWindow: window, ...price } = value as Record<string, unknown>;
  if (!isContextWindow(window)) {
    return { problem: "contextWindow must be a whole number of tokens, such as 128000" };
  }
  if (Object.keys(price).length === 0) return { window };
  const problem = modelPriceProblem(price);
  return problem ? { problem } : { price: price as unknown as ModelPrice, window };
}

/** A context window as files and flags may give it: a whole number of tokens, 1 or more. */
export function isContextWindow(value: unknown): value is number {
  return typeof value === "number" && Number.isSafeInteger(value) && value >= 1;
}

/**
 * The LLM at the price runs should count: the user's for its `provider:model` (null:
 * none), else its own, else its module's table. Unchanged when that is its own price.
 */
export function pricedLlm(llm: Llm, table: PriceTable, user: UserPrices["prices"]): Llm {
  const key = `${llm.provider}:${llm.model}`;
  let price: ModelPrice | undefined;
  if (user.has(key)) {
    const own = user.get(key) ?? undefined;
    price = stillHolds(own) ? own : undefined;
  } else if (llm.price !== undefined && modelPriceProblem(llm.price) === undefined) {
    price = llm.price;
  } else {
    price = priceFor(table, llm.model);
  }
  return price === llm.price ? llm : withPrice(llm, price);
}

function ignored(path: string, reason: string): UserPrices {
  return { ...NONE, warning: `Ignoring ${path}: ${reason}` };
}

/** A key as the warning quotes it: escaped, and short. */
function shown(key: string) {
  const quoted = JSON.stringify(key);
  return quoted.length > 60 ? `${quoted.slice(0, 57)}…"` : quoted;
}
