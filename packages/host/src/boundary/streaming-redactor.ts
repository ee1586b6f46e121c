import { REDACTED, type SecretPatterns, type ShapeKind } from "./secret-patterns.js";

/**
 * Blanks secrets out of a text that arrives in pieces (a completion's tokens, a prompt's
 * appended steps), in work proportional to each new piece. It holds back a tail that
 * could be the start of a secret, so a key split across two pieces is still blanked,
 * and what it emits, joined, is exactly what redacting the whole text at once would
 * give. `flush` at the end of the stream gives back what it still holds.
 */
export class StreamingRedactor {
  readonly #patterns: SecretPatterns;
  /** Received but not emitted: it may begin a secret. Never longer than the window. */
  #pending = "";
  /** The character just before `#pending`, as received: key shapes look one character back. */
  #before = "";
  /** Set while a key shape that reached the end of the last piece may still go on. */
  #inside: ShapeKind | undefined;

  constructor(patterns: SecretPatterns) {
    this.#patterns = patterns;
  }

  /** The part of the text so far that is safe to emit now, secrets blanked. */
  push(piece: string): string {
    const rest = this.#inside ? this.#continueShape(piece) : piece;
    if (!rest) return "";
    const { find } = this.#patterns;
    const text = this.#before + this.#pending + rest;
    let done = this.#before.length;
    let output = "";
    let hold = -1;
    find.lastIndex = done;
    for (let match = find.exec(text); match; match = find.exec(text)) {
      const start = match.index;
      const end = start + match[0].length;
      // A secret not complete yet that starts before this one, or here and would be
      // longer (a listed value that goes on), wins once the rest arrives.
      const partial = this.#partialStart(text, done, start + 1);
      if (partial !== -1) {
        hold = partial;
        break;
      }
      const { key, bearer } = match.groups as Record<string, string | undefined>;
      if (end === text.length && (key ?? bearer) !== undefined) {
        // A key shape reaching the end may go on in the next piece: blank it now, and
        // swallow its continuation there.
        this.#inside = key !== undefined ? "key" : bearer?.endsWith("=") ? "padding" : "bearer";
        this.#before = text.slice(end - 1);
        this.#pending = "";
        return output + text.slice(done, start) + REDACTED;
      }
      output += text.slice(done, start) + REDACTED;
      done = end;
    }
    find.lastIndex = 0;
    if (hold === -1) {
      hold = this.#partialStart(text, done, text.length);
      if (hold === -1) hold = text.length;
    }
    output += text.slice(done, hold);
    this.#before = hold > 0 ? text.slice(hold - 1, hold) : "";
    this.#pending = text.slice(hold);
    return output;
  }

  /** The end of the stream: what is still held back, with any complete secret in it blanked. */
  flush(): string {
    const text = this.#before + this.#pending;
    const from = this.#before.length;
    this.#pending = "";
    this.#before = "";
    this.#inside = undefined;
    if (from === text.length) return "";
    const { find } = this.#patterns;
    find.lastIndex = from;
    let output = "";
    let done = from;
    for (let match = find.exec(text); match; match = find.exec(text)) {
      output += text.slice(done, match.index) + REDACTED;
      done = match.index + match[0].length;
    }
    find.lastIndex = 0;
    return output + text.slice(done);
  }

  /** Swallows what continues a blanked key shape; returns the rest of the piece. */
  #continueShape(piece: string): string {
    const kind = this.#inside as ShapeKind;
    const pattern = this.#patterns.continuation[kind];
    pattern.lastIndex = 0;
    const length = pattern.exec(piece)?.[0].length ?? 0;
    if (length > 0) {
      this.#before = piece.slice(length - 1, length);
      if (kind === "bearer" && this.#before === "=") this.#inside = "padding";
    }
    if (length < piece.length) this.#inside = undefined;
    return piece.slice(length);
  }

  /**
   * The earliest index in [from, to) where the text's remainder could begin a secret
   * that is not complete yet (a listed value or a key shape cut off by the end), or -1.
   */
  #partialStart(text: string, from: number, to: number): number {
    const { literals, partialShape, window } = this.#patterns;
    const low = Math.max(from, text.length - window);
    let earliest = -1;
    for (const literal of literals) {
      const first = literal.charAt(0);
      let index = text.indexOf(first, Math.max(low, text.length - literal.length + 1));
      const limit = earliest === -1 ? to : Math.min(to, earliest);
      while (index !== -1 && index < limit) {
        if (literal.startsWith(text.slice(index))) {
          earliest = index;
          break;
        }
        index = text.indexOf(first, index + 1);
      }
    }
    partialShape.lastIndex = low;
    const shape = partialShape.exec(text);
    partialShape.lastIndex = 0;
    if (shape && shape.index < to && (earliest === -1 || shape.index < earliest)) {
      earliest = shape.index;
    }
    return earliest;
  }
}
