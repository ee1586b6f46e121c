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
 * The items of `iterable` until `signal` fires; then an `aborted` error at once, even when
 * the source ignores the signal and its next item never comes. The source is told to stop
 * (`return`) but not waited for: an async generator stuck in an await answers `return`
 * only after that await settles, which may be never.
 */
export async function* untilAborted<T>(
  iterable: AsyncIterable<T> | Iterable<T>,
  signal: AbortSignal | undefined,
): AsyncGenerator<T> {
  if (!signal) {
    yield* iterable;
    return;
  }
  const iterator = asyncIteratorOf(iterable);
  // One listener for the whole stream, which fails the item being waited for: a provider
  // streams many small pieces, and adding and removing a listener for each one costs more
  // than reading it.
  let failWaiting: ((error: Error) => void) | undefined;
  const onAbort = () => failWaiting?.(abortError());
  signal.addEventListener("abort", onAbort, { once: true });
  // Like `for await`: a source that finished or threw is not asked to return.
  let finished = false;
  try {
    for (;;) {
      // A stop between items: the source is not asked for another one.
      if (signal.aborted) throw abortError();
      let result: IteratorResult<T>;
      try {
        const next = iterator.next();
        result = await new Promise<IteratorResult<T>>((resolve, reject) => {
          failWaiting = reject;
          Promise.resolve(next).then(resolve, reject);
        });
      } catch (error) {
        if (signal.aborted) throw abortError();
        finished = true;
        throw error;
      }
      if (result.done) {
        finished = true;
        return;
      }
      yield result.value;
    }
  } finally {
    failWaiting = undefined;
    signal.removeEventListener("abort", onAbort);
    if (!finished) {
      const stopping = Promise.resolve().then(() => iterator.return?.());
      if (signal.aborted) stopping.catch(() => {});
      else await stopping;
    }
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
