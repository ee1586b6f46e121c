/**
 * The one async queue of langchain-mini: a producer pushes without waiting (the agent
 * loop's events, a provider's callback-driven tokens), one consumer reads at its own pace.
 * Pushing is synchronous so the loop's cost per event stays at one array push when nobody
 * is waiting. `fail` ends the iteration with an error at once, even while the consumer
 * waits: that is how an abort reaches the caller before the next item does.
 */
export class Channel<Item> implements AsyncIterable<Item> {
  readonly #items: Item[] = [];
  #head = 0;
  #closed = false;
  #error: { readonly error: unknown } | undefined;
  #wake: (() => void) | undefined;

  push(item: Item) {
    if (this.#closed || this.#error) return;
    this.#items.push(item);
    this.#notify();
  }

  /** The items pushed and not yet read, taken out: for a consumer that stops iterating. */
  take(): Item[] {
    const items = this.#items.slice(this.#head);
    this.#items.length = 0;
    this.#head = 0;
    return items;
  }

  /** No more items: the consumer ends once it has read those already pushed. */
  close() {
    this.#closed = true;
    this.#notify();
  }

  /** The consumer's next read throws `error`; items not yet read are dropped. */
  fail(error: unknown) {
    if (this.#error || this.#closed) return;
    this.#error = { error };
    this.#notify();
  }

  #notify() {
    const wake = this.#wake;
    if (!wake) return;
    this.#wake = undefined;
    wake();
  }

  async *[Symbol.asyncIterator](): AsyncIterator<Item> {
    for (;;) {
      if (this.#error) throw this.#error.error;
      if (this.#head < this.#items.length) {
        const item = this.#items[this.#head++] as Item;
        // Drop consumed items in batches rather than shifting one by one.
        if (this.#head > 1024) {
          this.#items.splice(0, this.#head);
          this.#head = 0;
        }
        yield item;
        continue;
      }
      this.#items.length = 0;
      this.#head = 0;
      if (this.#closed) return;
      await new Promise<void>((resolve) => {
        this.#wake = resolve;
      });
    }
  }
}
