import { createHash, type Hash } from "node:crypto";

/** What the fake bills for one request, in the Messages API's usage fields. */
export interface CacheAccount {
  /** Tokens neither read from nor written to the cache. */
  readonly input_tokens: number;
  readonly cache_read_input_tokens: number;
  readonly cache_creation_input_tokens: number;
}

type Body = Record<string, unknown>;
type Block = Record<string, unknown>;

/** How far before a breakpoint Anthropic looks for an earlier cached prefix. */
const LOOKBACK_BLOCKS = 20;

/** A rough tokenizer: four characters a token, as Anthropic's docs estimate for English. */
export function countTokens(text: string) {
  return Math.ceil(text.length / 4);
}

/**
 * The prompt cache as Anthropic documents it: a request's prefix (tools, then system,
 * then messages, block by block) is stored at each `cache_control` breakpoint that
 * covers at least `minTokens`, and a later request reads the longest stored prefix that
 * ends on one of its block boundaries, at most 20 blocks before one of its breakpoints.
 */
export class FakePromptCache {
  readonly #stored = new Set<string>();
  readonly #minTokens: number;

  constructor(minTokens: number) {
    this.#minTokens = minTokens;
  }

  account(body: Body): CacheAccount {
    const blocks = blocksOf(body);
    const keys: string[] = [];
    const totals: number[] = [];
    const hash: Hash = createHash("sha256");
    let total = 0;
    for (const block of blocks) {
      const { cache_control: _, ...content } = block;
      const text = typeof content.text === "string" ? content.text : JSON.stringify(content);
      hash.update(JSON.stringify(content));
      total += countTokens(text);
      keys.push(hash.copy().digest("hex"));
      totals.push(total);
    }
    const breakpoints = blocks.flatMap((block, index) => (block.cache_control ? [index] : []));
    let read = 0;
    for (const point of breakpoints) {
      for (let index = point; index >= Math.max(0, point - LOOKBACK_BLOCKS + 1); index--) {
        if (this.#stored.has(keys[index] ?? "")) {
          read = Math.max(read, totals[index] ?? 0);
          break;
        }
      }
    }
    let written = 0;
    for (const point of breakpoints) {
      const size = totals[point] ?? 0;
      if (size < this.#minTokens) continue;
      this.#stored.add(keys[point] ?? "");
      written = Math.max(written, size - read);
    }
    return {
      input_tokens: total - read - written,
      cache_read_input_tokens: read,
      cache_creation_input_tokens: written,
    };
  }
}

/** The request's content in cache order: tools, system, then each message's blocks. */
function blocksOf(body: Body): Block[] {
  const blocks: Block[] = [];
  for (const tool of asArray(body.tools)) blocks.push(tool);
  const system = body.system;
  if (typeof system === "string") blocks.push({ type: "text", text: system });
  else blocks.push(...asArray(system));
  for (const message of asArray(body.messages)) {
    const content = message.content;
    const role = String(message.role);
    const own = typeof content === "string" ? [{ type: "text", text: content }] : asArray(content);
    // The role is part of what is cached: the same text in another turn is another prefix.
    for (const [index, block] of own.entries())
      blocks.push(index === 0 ? { ...block, role } : block);
  }
  return blocks;
}

function asArray(value: unknown): Block[] {
  return Array.isArray(value) ? (value as Block[]) : [];
}
