import type { AgentEvent } from "@langchain-mini/core";

/** How often, at most, a streaming run redraws: ~33 frames a second, smooth without flicker. */
export const FRAME_MS = 30;

export interface Timer {
  readonly now: () => number;
  readonly set: (callback: () => void, ms: number) => unknown;
  readonly clear: (handle: unknown) => void;
}

const realTimer: Timer = {
  now: () => performance.now(),
  set: (callback, ms) => setTimeout(callback, ms),
  clear: (handle) => clearTimeout(handle as NodeJS.Timeout),
};

/**
 * Collects agent events and hands them on in batches, at most one batch per `frameMs`,
 * so 200 tokens a second cost ~33 state updates, not 200. Consecutive text deltas of a
 * step are merged. The first event after a quiet spell goes out at once.
 */
export class EventCoalescer {
  readonly #flush: (events: AgentEvent[]) => void;
  readonly #frameMs: number;
  readonly #timer: Timer;
  #pending: AgentEvent[] = [];
  #handle: unknown;
  #lastFlush = Number.NEGATIVE_INFINITY;

  constructor(flush: (events: AgentEvent[]) => void, frameMs = FRAME_MS, timer = realTimer) {
    this.#flush = flush;
    this.#frameMs = frameMs;
    this.#timer = timer;
  }

  push(event: AgentEvent) {
    const last = this.#pending.at(-1);
    if (event.type === "llm-delta" && last?.type === "llm-delta" && last.step === event.step) {
      this.#pending[this.#pending.length - 1] = { ...last, text: last.text + event.text };
    } else {
      this.#pending.push(event);
    }
    if (this.#handle !== undefined) return;
    const wait = this.#lastFlush + this.#frameMs - this.#timer.now();
    if (wait <= 0) this.flush();
    else this.#handle = this.#timer.set(() => this.flush(), wait);
  }

  /** Hands on whatever is waiting now, e.g. when the run ends. */
  flush() {
    if (this.#handle !== undefined) this.#timer.clear(this.#handle);
    this.#handle = undefined;
    if (this.#pending.length === 0) return;
    const events = this.#pending;
    this.#pending = [];
    this.#lastFlush = this.#timer.now();
    this.#flush(events);
  }

  /** Drops what is waiting and stops the timer (a cancelled run, an unmount). */
  dispose() {
    if (this.#handle !== undefined) this.#timer.clear(this.#handle);
    this.#handle = undefined;
    this.#pending = [];
  }
}
