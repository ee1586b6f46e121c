/**
 * A single-consumer async queue: the agent loop pushes events without waiting, and the
 * consumer reads them at its own pace. Pushing is synchronous so the loop's cost per
 * event stays at one array push when nobody is waiting.
 */
export class Channel<Item> implements AsyncIterable<Item> {
  readonly #items: Item[] = [];
  #waiting: ((result: IteratorResult<Item>) => void) | undefined;
  #closed = false;

  push(item: Item) {
    if (this.#closed) return;
    const waiting = this.#waiting;
    if (waiting) {
      this.#waiting = undefined;
      waiting({ value: item, done: false });
    } else this.#items.push(item);
  }

  close() {
    this.#closed = true;
    const waiting = this.#waiting;
    this.#waiting = undefined;
    waiting?.({ value: undefined, done: true });
  }

  async *[Symbol.asyncIterator](): AsyncIterator<Item> {
    let index = 0;
    while (true) {
      if (index < this.#items.length) {
        const item = this.#items[index++] as Item;
        // Drop consumed items in batches rather than shifting one by one.
        if (index > 1024) {
          this.#items.splice(0, index);
          index = 0;
        }
        yield item;
        continue;
      }
      this.#items.length = 0;
      index = 0;
      if (this.#closed) return;
      const next = await new Promise<IteratorResult<Item>>((resolve) => {
        this.#waiting = resolve;
      });
      if (next.done) return;
      yield next.value;
    }
  }
}
