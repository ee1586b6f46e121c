/**
 * Turns llama.cpp's callbacks into an async iterable: the generation pushes, the consumer
 * pulls. `fail` ends the iteration with an error at once, even while the consumer waits,
 * which is how an abort reaches the caller before the next token does.
 */
export class ChunkQueue<T> implements AsyncIterable<T> {
  readonly #items: T[] = [];
  #ended = false;
  #error: { readonly error: unknown } | undefined;
  #wake: (() => void) | undefined;

  push(item: T) {
    if (this.#ended || this.#error) return;
    this.#items.push(item);
    this.#notify();
  }

  end() {
    this.#ended = true;
    this.#notify();
  }

  fail(error: unknown) {
    if (this.#error || this.#ended) return;
    this.#error = { error };
    this.#notify();
  }

  #notify() {
    const wake = this.#wake;
    this.#wake = undefined;
    wake?.();
  }

  async *[Symbol.asyncIterator](): AsyncGenerator<T> {
    for (;;) {
      if (this.#error) throw this.#error.error;
      const item = this.#items.shift();
      if (item !== undefined) {
        yield item;
        continue;
      }
      if (this.#ended) return;
      await new Promise<void>((resolve) => {
        this.#wake = resolve;
      });
    }
  }
}
