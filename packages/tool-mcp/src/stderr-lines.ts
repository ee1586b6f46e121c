import { oneLine } from "./text.js";

/** A longer line is cut: a server that prints a megabyte on one line is still one log line. */
const MAX_LINE = 2_000;
/** After this much, a server's stderr is dropped (said once): the trace must not fill the disk. */
const MAX_TOTAL = 1_000_000;
/** Kept to explain a server that dies while starting. */
const KEEP_LAST = 3;

/** Splits a server's stderr into lines for the trace, within limits. */
export class StderrLines {
  #partial = "";
  #total = 0;
  #dropped = false;
  readonly #last: string[] = [];
  readonly #onLine: (line: string) => void;
  readonly #blank: (text: string) => string;

  /** `blank` takes the secrets out of a whole line, before it can be cut in the middle of one. */
  constructor(onLine: (line: string) => void, blank: (text: string) => string = (text) => text) {
    this.#onLine = onLine;
    this.#blank = blank;
  }

  push(chunk: Buffer | string) {
    if (this.#dropped) return;
    this.#total += chunk.length;
    if (this.#total > MAX_TOTAL) {
      this.#dropped = true;
      this.#emit(`(more than ${MAX_TOTAL} bytes on stderr: the rest is dropped)`);
      return;
    }
    const lines = (this.#partial + String(chunk)).split("\n");
    this.#partial = lines.pop() ?? "";
    if (this.#partial.length > MAX_LINE) {
      lines.push(this.#partial);
      this.#partial = "";
    }
    for (const line of lines) this.#emit(line);
  }

  end() {
    if (this.#partial) this.#emit(this.#partial);
    this.#partial = "";
  }

  /** The last few lines, for an error message. */
  last(): readonly string[] {
    return [...this.#last];
  }

  // Each line safe on a terminal (colours and cursor moves removed), as a trace line.
  #emit(raw: string) {
    const shown = oneLine(this.#blank(raw), MAX_LINE);
    if (!shown) return;
    this.#last.push(oneLine(shown, 200));
    if (this.#last.length > KEEP_LAST) this.#last.shift();
    this.#onLine(shown);
  }
}
