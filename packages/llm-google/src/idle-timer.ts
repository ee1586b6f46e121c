/**
 * One request's signal: it aborts when the caller's signal does, when the server has
 * sent nothing for `ms` (a hung connect, a reply that never starts, a stream that stalls
 * half-way), or when the reader stops early; a long reply that keeps streaming is never
 * cut. Aborting it is what closes the HTTP stream: the SDK's reader only lets go of it.
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
  /** Done with the request: stops the timer and closes the connection if it is still open. */
  stop() {
    clearTimeout(this.#timer);
    this.#caller?.removeEventListener("abort", this.#onCallerAbort);
    this.#controller.abort();
  }
}
