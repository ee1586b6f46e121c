/**
 * Aborts when the server has sent nothing for `ms`: covers a hung connect, a reply that
 * never starts and a stream that stalls half-way, while a long reply that keeps
 * streaming is never cut.
 */
export class IdleTimer {
  readonly #controller = new AbortController();
  readonly #timer: ReturnType<typeof setTimeout>;

  constructor(ms: number) {
    this.#timer = setTimeout(() => this.#controller.abort(), ms);
  }
  get signal(): AbortSignal {
    return this.#controller.signal;
  }
  get expired(): boolean {
    return this.#controller.signal.aborted;
  }
  reset() {
    // refresh() re-arms the same timer: no allocation per streamed token.
    this.#timer.refresh();
  }
  stop() {
    clearTimeout(this.#timer);
  }
}
