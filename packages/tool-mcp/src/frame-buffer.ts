/**
 * Of a message over the limit, what is kept: its start (enough for the longest
 * observation, even written with escapes) and its end (where its id often is).
 */
const KEEP_HEAD = 1 << 20;
const KEEP_TAIL = 4_096;

/** What is left of a message that was over the limit. */
export interface Oversized {
  readonly head: string;
  readonly tail: string;
}

/**
 * The text of one message as it arrives, held whole up to `limit` characters; past it,
 * only its head and its tail, so a message that never ends costs bounded memory.
 */
export class FrameBuffer {
  #parts: string[] = [];
  #size = 0;
  #head: string | undefined;
  #tail = "";

  constructor(readonly limit: number) {}

  /** Whether the message so far is over the limit. */
  get over() {
    return this.#head !== undefined;
  }

  /** Adds text; true when this made the message go over the limit. */
  add(text: string): boolean {
    if (text.length === 0) return false;
    if (this.#head !== undefined) {
      this.#tail = (this.#tail + text.slice(-KEEP_TAIL)).slice(-KEEP_TAIL);
      return false;
    }
    this.#parts.push(text);
    this.#size += text.length;
    if (this.#size <= this.limit) return false;
    const whole = this.#parts.join("");
    this.#parts = [];
    this.#head = whole.slice(0, KEEP_HEAD);
    this.#tail = whole.slice(-KEEP_TAIL);
    return true;
  }

  /** What is kept of a message over the limit, so far. */
  oversized(): Oversized {
    return { head: this.#head ?? "", tail: this.#tail };
  }

  /** The whole message, or what is kept of it; the buffer is then empty for the next. */
  take(): string | Oversized {
    const taken = this.#head === undefined ? this.#parts.join("") : this.oversized();
    this.#parts = [];
    this.#size = 0;
    this.#head = undefined;
    this.#tail = "";
    return taken;
  }
}
