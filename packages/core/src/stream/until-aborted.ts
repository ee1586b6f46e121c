import { abortError } from "../contracts/errors.js";

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
  let onAbort = () => {};
  const aborted = new Promise<never>((_, reject) => {
    onAbort = () => reject(abortError());
  });
  // Nobody may be racing it when the signal fires.
  aborted.catch(() => {});
  signal.addEventListener("abort", onAbort, { once: true });
  if (signal.aborted) onAbort();
  // Like `for await`: a source that finished or threw is not asked to return.
  let finished = false;
  try {
    for (;;) {
      // A stop between items: the source is not asked for another one.
      if (signal.aborted) throw abortError();
      let result: IteratorResult<T>;
      try {
        result = await Promise.race([iterator.next(), aborted]);
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
