import { SearchError } from "./search-failure.js";

interface Entry {
  answer: Promise<string>;
  readonly controller: AbortController;
  settled: boolean;
  waiting: number;
}

/**
 * Answers by query for one tool instance (one session), so the same query is not paid for
 * twice, not even when two calls ask at once. A request shared by several callers is
 * cancelled only when every one of them has given up; failures are not kept.
 */
export class AnswerCache {
  readonly #entries = new Map<string, Entry>();
  readonly #limit: number;

  constructor(limit = 100) {
    this.#limit = limit;
  }

  get(
    key: string,
    signal: AbortSignal,
    load: (signal: AbortSignal) => Promise<string>,
  ): Promise<string> {
    let entry = this.#entries.get(key);
    if (entry) {
      // Most recently used last, so eviction drops the oldest.
      this.#entries.delete(key);
      this.#entries.set(key, entry);
    } else {
      entry = this.#start(key, load);
    }
    return entry.settled ? entry.answer : this.#wait(key, entry, signal);
  }

  #start(key: string, load: (signal: AbortSignal) => Promise<string>) {
    const controller = new AbortController();
    const entry: Entry = { answer: Promise.resolve(""), controller, settled: false, waiting: 0 };
    entry.answer = load(controller.signal).then(
      (answer) => {
        entry.settled = true;
        return answer;
      },
      (error: unknown) => {
        this.#forget(key, entry);
        throw error;
      },
    );
    // Every caller may have given up before it fails; that is not an unhandled rejection.
    entry.answer.catch(() => {});
    this.#entries.set(key, entry);
    this.#evict();
    return entry;
  }

  #wait(key: string, entry: Entry, signal: AbortSignal): Promise<string> {
    entry.waiting += 1;
    return new Promise<string>((resolve, reject) => {
      let done = false;
      const finish = () => {
        if (done) return false;
        done = true;
        signal.removeEventListener("abort", onAbort);
        entry.waiting -= 1;
        return true;
      };
      const onAbort = () => {
        if (!finish()) return;
        if (entry.waiting === 0 && !entry.settled) {
          entry.controller.abort();
          this.#forget(key, entry);
        }
        reject(new SearchError("cancelled", "the search was cancelled"));
      };
      if (signal.aborted) return onAbort();
      signal.addEventListener("abort", onAbort, { once: true });
      entry.answer.then(
        (answer) => finish() && resolve(answer),
        (error: unknown) => finish() && reject(error),
      );
    });
  }

  #forget(key: string, entry: Entry) {
    if (this.#entries.get(key) === entry) this.#entries.delete(key);
  }

  #evict() {
    for (const [key, entry] of this.#entries) {
      if (this.#entries.size <= this.#limit) return;
      if (entry.settled) this.#entries.delete(key);
    }
  }
}
