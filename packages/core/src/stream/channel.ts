const DONE: IteratorReturnResult<undefined> = Object.freeze({ value: undefined, done: true });

/**
 * The one async queue of langchain-mini: a producer pushes without waiting (the agent
 * loop's events, a provider's callback-driven tokens), one consumer reads at its own pace.
 * Pushing is synchronous so the loop's cost per event stays at one array push when nobody
 * is waiting. `fail` ends the iteration with an error at once, even while the consumer
 * waits: that is how an abort reaches the caller before the next item does.
 *
 * The iterator is written by hand rather than as an async generator: every event of every
 * run crosses it, and a generator's resume-and-yield costs several promises and microtask
 * turns per item, where an item already queued needs one resolved promise.
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

  /** The next item, the end, or undefined while there is neither; throws the failure. */
  #read(): IteratorResult<Item> | undefined {
    if (this.#error) throw this.#error.error;
    if (this.#head < this.#items.length) {
      const item = this.#items[this.#head++] as Item;
      // Drop consumed items in batches rather than shifting one by one.
      if (this.#head > 1024) {
        this.#items.splice(0, this.#head);
        this.#head = 0;
      }
      return { value: item, done: false };
    }
    this.#items.length = 0;
    this.#head = 0;
    return this.#closed ? DONE : undefined;
  }

  [Symbol.asyncIterator](): AsyncIterator<Item> {
    // As with a generator: once the end, the failure or `return` is seen, only the end.
    let finished = false;
    // Reads waiting for an item, served in order (a caller may ask again before a read settles).
    const waiting: Array<{
      resolve: (result: IteratorResult<Item>) => void;
      reject: (error: unknown) => void;
    }> = [];
    const read = (): IteratorResult<Item> | undefined => {
      if (finished) return DONE;
      try {
        const result = this.#read();
        if (result?.done) finished = true;
        return result;
      } catch (error) {
        finished = true;
        throw error;
      }
    };
    const serve = () => {
      for (let reader = waiting[0]; reader; reader = waiting[0]) {
        let result: IteratorResult<Item> | undefined;
        try {
          result = read();
        } catch (error) {
          waiting.shift();
          reader.reject(error);
          continue;
        }
        if (!result) {
          this.#wake = serve;
          return;
        }
        waiting.shift();
        reader.resolve(result);
      }
    };
    return {
      next: () => {
        if (waiting.length === 0) {
          try {
            const result = read();
            if (result) return Promise.resolve(result);
          } catch (error) {
            return Promise.reject(error);
          }
        }
        return new Promise((resolve, reject) => {
          waiting.push({ resolve, reject });
          this.#wake = serve;
        });
      },
      return: () => {
        finished = true;
        serve();
        return Promise.resolve(DONE);
      },
    };
  }
}
