/**
 * One request's signal: it aborts when the caller's signal does, or when the server has
 * sent nothing for `ms` (a hung connect, a reply that never starts, a stream that stalls
 * half-way), while a long reply that keeps streaming is never cut. One controller rather
 * than `AbortSignal.any`, which an SDK would compose again with its own.
 */
export class IdleTimer {
  readonly #controller = new AbortController();
  readonly #timer: ReturnType<typeof setTimeout>;
  readonly #caller: AbortSignal | undefined;
  readonly #onCallerAbort = () => this.#controller.abort();
  #expired = false;

  constructor(ms: number, caller?: AbortSignal) {
    this.#caller = caller;
    this.#timer = setTimeout(() => {
      this.#expired = true;
      this.#controller.abort();
    }, ms);
    if (caller?.aborted) this.#controller.abort();
    else caller?.addEventListener("abort", this.#onCallerAbort, { once: true });
  }

  get signal(): AbortSignal {
    return this.#controller.signal;
  }

  /** True when the time ran out (not when the caller aborted). */
  get expired(): boolean {
    return this.#expired;
  }

  /** The server sent something. refresh() re-arms the same timer: no allocation per token. */
  reset() {
    this.#timer.refresh();
  }

  /** Done waiting: the timer stops and the caller's signal is let go of. */
  stop() {
    clearTimeout(this.#timer);
    this.#caller?.removeEventListener("abort", this.#onCallerAbort);
  }

  /**
   * Done with the request: `stop()`, and the connection is closed if it is still open,
   * for SDKs whose reader only lets go of the stream when the reader stops early.
   */
  close() {
    this.stop();
    this.#controller.abort();
  }
}
