export type LenientJsonResult =
  | { readonly ok: true; readonly value: unknown }
  | { readonly ok: false; readonly message: string };

/** Deeper nesting than any tool's arguments: the parser recurses, a hostile input must not overflow it. */
const MAX_NESTING = 200;

/**
 * Parses JSON as models write it: inside a fenced code block, with single-quoted or bare
 * keys and strings, trailing commas, and Python's True, False and None. Valid JSON takes
 * the fast path through `JSON.parse`.
 */
export function parseLenientJson(text: string): LenientJsonResult {
  const body = unfence(text.trim());
  try {
    return { ok: true, value: JSON.parse(body) };
  } catch {
    // Not strict JSON: read it leniently below.
  }
  const reader = new Reader(body);
  try {
    reader.skipSpace();
    const value = reader.value(0);
    reader.skipSpace();
    if (!reader.done()) reader.fail("unexpected text after the value");
    return { ok: true, value };
  } catch (error) {
    if (!(error instanceof SyntaxError)) throw error;
    return { ok: false, message: error.message };
  }
}

/** The inside of a ```json … ``` block around the whole text; otherwise the text. */
export function unfence(text: string) {
  const fenced = /^```[\w-]*[ \t]*\n?([\s\S]*?)\n?[ \t]*```$/.exec(text);
  return fenced ? (fenced[1] ?? "").trim() : text;
}

const WORDS: Record<string, unknown> = {
  true: true,
  false: false,
  null: null,
  True: true,
  False: false,
  None: null,
};
const NUMBER = /-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?/y;
const SPACE = /\s+/y;
const WORD = /[A-Za-z]+/y;
const BARE_KEY = /[A-Za-z_$][\w$-]*/y;
const HEX = /[0-9a-fA-F]{4}/y;
const ESCAPES: Record<string, string> = {
  n: "\n",
  t: "\t",
  r: "\r",
  b: "\b",
  f: "\f",
  "/": "/",
  "\\": "\\",
  '"': '"',
  "'": "'",
};

class Reader {
  #position = 0;
  readonly #text: string;

  constructor(text: string) {
    this.#text = text;
  }

  done() {
    return this.#position >= this.#text.length;
  }

  fail(what: string): never {
    const near = this.#text.slice(this.#position, this.#position + 12);
    const at = this.done()
      ? "at the end"
      : `at position ${this.#position} (near ${JSON.stringify(near)})`;
    throw new SyntaxError(`${what} ${at}`);
  }

  skipSpace() {
    this.#position += this.#match(SPACE)?.length ?? 0;
  }

  value(depth: number): unknown {
    if (depth > MAX_NESTING) this.fail("nested too deeply");
    const next = this.#text[this.#position];
    if (next === "{") return this.#object(depth);
    if (next === "[") return this.#array(depth);
    if (next === '"' || next === "'") return this.#string();
    const number = this.#match(NUMBER);
    if (number !== undefined) {
      this.#position += number.length;
      return Number(number);
    }
    const word = this.#match(WORD);
    if (word !== undefined && Object.hasOwn(WORDS, word)) {
      this.#position += word.length;
      return WORDS[word];
    }
    return this.fail(this.done() ? "a value is missing" : "expected a value");
  }

  #object(depth: number) {
    this.#position++;
    const result: Record<string, unknown> = {};
    for (;;) {
      this.skipSpace();
      if (this.#eat("}")) return result;
      const key = this.#key();
      this.skipSpace();
      if (!this.#eat(":")) this.fail(`expected ':' after the key ${JSON.stringify(key)}`);
      this.skipSpace();
      // A plain assignment would let a key named `__proto__` change the object's prototype.
      Object.defineProperty(result, key, {
        value: this.value(depth + 1),
        enumerable: true,
        writable: true,
        configurable: true,
      });
      this.skipSpace();
      if (this.#eat(",")) continue;
      if (this.#eat("}")) return result;
      this.fail("expected ',' or '}' after a value");
    }
  }

  #array(depth: number) {
    this.#position++;
    const result: unknown[] = [];
    for (;;) {
      this.skipSpace();
      if (this.#eat("]")) return result;
      result.push(this.value(depth + 1));
      this.skipSpace();
      if (this.#eat(",")) continue;
      if (this.#eat("]")) return result;
      this.fail("expected ',' or ']' after a value");
    }
  }

  #key() {
    const next = this.#text[this.#position];
    if (next === '"' || next === "'") return this.#string();
    const bare = this.#match(BARE_KEY);
    if (bare === undefined) this.fail("expected a key in quotes");
    this.#position += bare.length;
    return bare;
  }

  #string() {
    const quote = this.#text[this.#position];
    const start = this.#position;
    this.#position++;
    let result = "";
    for (;;) {
      const character = this.#text[this.#position];
      if (character === undefined) {
        this.#position = start;
        this.fail("a string is not closed");
      }
      this.#position++;
      if (character === quote) return result;
      if (character !== "\\") {
        result += character;
        continue;
      }
      const escaped = this.#text[this.#position] ?? "";
      this.#position++;
      const hex = escaped === "u" ? this.#match(HEX) : undefined;
      if (hex !== undefined) {
        result += String.fromCharCode(Number.parseInt(hex, 16));
        this.#position += 4;
      } else result += ESCAPES[escaped] ?? escaped;
    }
  }

  #eat(character: string) {
    if (this.#text[this.#position] !== character) return false;
    this.#position++;
    return true;
  }

  /** What `pattern` (sticky) matches at the current position. */
  #match(pattern: RegExp) {
    pattern.lastIndex = this.#position;
    return pattern.exec(this.#text)?.[0];
  }
}
