import { abortError } from "../contracts/errors.js";

/**
 * `value` once it settles, unless `signal` fires first: then an `aborted` error at once.
 * What was waited on is left to settle on its own (a prompt nobody answers, a source stuck
 * in an await): it must not hold the run.
 */
export function awaitUnlessAborted<Value>(
  value: Value | PromiseLike<Value>,
  signal: AbortSignal,
): Promise<Value> {
  if (signal.aborted) return Promise.reject(abortError());
  return new Promise((resolve, reject) => {
    const onAbort = () => reject(abortError());
    signal.addEventListener("abort", onAbort, { once: true });
    Promise.resolve(value).then(
      (settled) => {
        signal.removeEventListener("abort", onAbort);
        resolve(settled);
      },
      (error: unknown) => {
        signal.removeEventListener("abort", onAbort);
        reject(error);
      },
    );
  });
}

/**
 * The items of a source until `signal` fires; then an `aborted` error at once, even when
 * the source ignores the signal and its next item never comes. A reader pulls with `next`
 * or takes every item as it comes with `drain`, then ends with `stop`, as `for await`
 * would, without a generator of its own in between: a provider's stream has many small
 * pieces, and every layer costs promises per piece.
 */
export class UntilAborted<T> {
  readonly #iterator: AsyncIterator<T>;
  readonly #signal: AbortSignal | undefined;
  // One listener for the whole stream, which fails the read in progress: adding and
  // removing a listener for each piece costs more than reading it.
  #failReading: ((error: Error) => void) | undefined;
  readonly #onAbort = () => this.#failReading?.(abortError());
  // Like `for await`: a source that finished or threw is not asked to return.
  #finished = false;

  constructor(iterable: AsyncIterable<T> | Iterable<T>, signal: AbortSignal | undefined) {
    this.#iterator = asyncIteratorOf(iterable);
    this.#signal = signal;
    signal?.addEventListener("abort", this.#onAbort, { once: true });
  }

  async next(): Promise<IteratorResult<T>> {
    const signal = this.#signal;
    // A stop between items: the source is not asked for another one.
    if (signal?.aborted) throw abortError();
    try {
      const next = this.#iterator.next();
      const result = signal
        ? await new Promise<IteratorResult<T>>((resolve, reject) => {
            this.#failReading = reject;
            Promise.resolve(next).then(resolve, reject);
          })
        : await next;
      if (result.done) this.#finished = true;
      return result;
    } catch (error) {
      throw this.#sourceFailure(error);
    }
  }

  /**
   * Every item to `take` as it comes, until the source ends or `take` says to stop (true).
   * One promise for the whole stream rather than one per item; it rejects with what the
   * source or `take` threw, or at once with an `aborted` error.
   */
  drain(take: (item: T) => boolean): Promise<void> {
    return new Promise((resolve, reject) => {
      let settled = false;
      const fail = (error: unknown) => {
        if (settled) return;
        settled = true;
        this.#failReading = undefined;
        reject(error);
      };
      const onResult = (result: IteratorResult<T>) => {
        if (settled) return;
        if (result.done) this.#finished = true;
        else {
          try {
            if (!take(result.value)) return read();
          } catch (error) {
            return fail(error);
          }
        }
        settled = true;
        resolve();
      };
      const onError = (error: unknown) => fail(this.#sourceFailure(error));
      const read = () => {
        if (this.#signal?.aborted) return fail(abortError());
        try {
          Promise.resolve(this.#iterator.next()).then(onResult, onError);
        } catch (error) {
          onError(error);
        }
      };
      this.#failReading = fail;
      read();
    });
  }

  /**
   * Done reading. A source that has not finished is told to stop (`return`), and waited
   * for unless the run was aborted: an async generator stuck in an await answers `return`
   * only after that await settles, which may be never.
   */
  async stop(): Promise<void> {
    this.#failReading = undefined;
    this.#signal?.removeEventListener("abort", this.#onAbort);
    if (this.#finished) return;
    this.#finished = true;
    const iterator = this.#iterator;
    const stopping = Promise.resolve().then(() => iterator.return?.());
    if (this.#signal?.aborted) stopping.catch(() => {});
    else await stopping;
  }

  /** What the source threw, unless the run was aborted meanwhile: then that. */
  #sourceFailure(error: unknown) {
    if (this.#signal?.aborted) return abortError();
    this.#finished = true;
    return error;
  }
}

function asyncIteratorOf<T>(iterable: AsyncIterable<T> | Iterable<T>): AsyncIterator<T> {
  const asynchronous = (iterable as AsyncIterable<T>)[Symbol.asyncIterator];
  if (typeof asynchronous === "function") return asynchronous.call(iterable);
  // A plain iterable's items are awaited, as `for await` would.
  return (async function* () {
    yield* iterable as Iterable<T>;
  })();
}
