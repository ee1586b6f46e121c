/**
 * Cuts a text stream at the first stop sequence, for providers that ignore or reject
 * `stop`. It holds back a tail that could be the start of a stop sequence, so nothing
 * past the stop point is ever emitted, even when the sequence spans two chunks.
 */
export class StopSequenceCutter {
  readonly #stops: readonly string[];
  readonly #holdBack: number;
  #pending = "";
  #stopped = false;

  constructor(stops: readonly string[] = []) {
    this.#stops = stops.filter((stop) => stop.length > 0);
    this.#holdBack = Math.max(0, ...this.#stops.map((stop) => stop.length - 1));
  }

  /** True once a stop sequence was seen: the caller should close the stream. */
  get stopped() {
    return this.#stopped;
  }

  /** Returns the text that is safe to emit now. */
  push(chunk: string): string {
    if (this.#stopped) return "";
    if (this.#stops.length === 0) return chunk;
    const text = this.#pending + chunk;
    let cut = -1;
    for (const stop of this.#stops) {
      const index = text.indexOf(stop);
      if (index !== -1 && (cut === -1 || index < cut)) cut = index;
    }
    if (cut !== -1) {
      this.#stopped = true;
      this.#pending = "";
      return text.slice(0, cut);
    }
    const safe = Math.max(0, text.length - this.#holdBack);
    const keep = this.#partialStopStart(text, safe);
    this.#pending = text.slice(keep);
    return text.slice(0, keep);
  }

  /** The held-back tail, once the stream has ended without a stop sequence. */
  flush(): string {
    const rest = this.#stopped ? "" : this.#pending;
    this.#pending = "";
    return rest;
  }

  // The earliest index at or after `from` where a suffix of `text` starts a stop sequence.
  #partialStopStart(text: string, from: number) {
    for (let index = from; index < text.length; index++) {
      const tail = text.slice(index);
      if (this.#stops.some((stop) => stop.startsWith(tail))) return index;
    }
    return text.length;
  }
}
