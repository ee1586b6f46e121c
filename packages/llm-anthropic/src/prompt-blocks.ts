/** How many earlier prompts are remembered: enough for a batch of runs sharing one LLM. */
const REMEMBERED = 32;

/**
 * Splits each ReAct prompt into text blocks at the ends of the prompts sent before it.
 *
 * Anthropic's prompt cache stores a prefix at a `cache_control` breakpoint and finds it
 * again only at a content-block boundary. The ReAct prompt grows byte for byte, so the
 * prompt of step n is the prompt of step n-1 plus its step: sent as the earlier blocks
 * plus one new block, the earlier prompt ends on a boundary and is read from the cache.
 */
export class PromptBlocks {
  /** Earlier prompts, newest last, each with the blocks it was sent as. */
  readonly #sent: { readonly text: string; readonly blocks: readonly string[] }[] = [];

  /**
   * The blocks to send `text` as. The caller marks the last two with breakpoints: the
   * earlier prompt's end (read from the cache, however many blocks back) and the new end.
   */
  split(text: string): readonly string[] {
    let blocks: readonly string[] = [text];
    let longest = -1;
    for (const earlier of this.#sent) {
      if (earlier.text.length <= longest || !text.startsWith(earlier.text)) continue;
      longest = earlier.text.length;
      // The same prompt again (a retry, a batch) goes out exactly as it went before.
      blocks = text.length === longest ? earlier.blocks : [...earlier.blocks, text.slice(longest)];
    }
    this.#remember(text, blocks);
    return blocks;
  }

  #remember(text: string, blocks: readonly string[]) {
    // An empty prompt is no prefix worth a block of its own.
    if (!text) return;
    const index = this.#sent.findIndex((earlier) => earlier.text === text);
    if (index !== -1) this.#sent.splice(index, 1);
    this.#sent.push({ text, blocks });
    if (this.#sent.length > REMEMBERED) this.#sent.shift();
  }
}
