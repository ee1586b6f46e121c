// The inline part of Markdown: code spans, links, emphasis, as a tree of plain objects.
// Each closer search is remembered, so a hostile text (thousands of `*`, `_` or `` ` ``)
// costs time in proportion to its length, not to its square.

// Emphasis and link labels nested deeper than this stay text.
const MAX_DEPTH = 12;

const PUNCTUATION = /[!-/:-@[-`{-~]/;
const WORD = /[\p{L}\p{N}]/u;
const LINK = /\[([^[\]\n]{0,1000})\]\(<?([^\s()<>]{0,2000})>?(?:[ \t]+"[^"\n]{0,500}")?\)/y;
const AUTOLINK = /<(https?:\/\/[^\s<>]{1,2000})>/y;
const BARE_URL = /https?:\/\/[^\s<>]{1,2000}/y;
// What ends the sentence around a bare address rather than the address.
const URL_TAIL = /[.,:;!?"')\]*_]+$/;

/**
 * An address a link may point to: http and https only (no `javascript:`, `data:` or
 * relative paths); undefined for anything else.
 */
export function safeHref(href) {
  let url;
  try {
    url = new URL(href);
  } catch {
    return undefined;
  }
  return url.protocol === "http:" || url.protocol === "https:" ? url.href : undefined;
}

/** The inline nodes of a text: text, code, strong, em, link (safe href only) and span. */
export function parseInline(text) {
  const source = String(text);
  return new InlineReader(source).read(0, source.length, 0);
}

class InlineReader {
  constructor(text) {
    this.text = text;
    /** By delimiter: the last search, `{from, at}` (at -1: none after from). */
    this.searches = new Map();
  }

  read(from, to, depth) {
    const nodes = [];
    let plain = "";
    let index = from;
    while (index < to) {
      const found = this.at(index, to, depth);
      if (found === undefined) {
        plain += this.text[index];
        index++;
      } else if (found.node.type === "text") {
        plain += found.node.text;
        index = found.next;
      } else {
        if (plain) nodes.push({ type: "text", text: plain });
        plain = "";
        nodes.push(found.node);
        index = found.next;
      }
    }
    if (plain) nodes.push({ type: "text", text: plain });
    return nodes;
  }

  /** The node that starts at `index` and ends by `to`, or undefined for a plain character. */
  at(index, to, depth) {
    const text = this.text;
    const character = text[index];
    if (character === "\\" && index + 1 < to && PUNCTUATION.test(text[index + 1])) {
      return { node: { type: "text", text: text[index + 1] }, next: index + 2 };
    }
    if (character === "`") return this.codeSpan(index, to);
    if (depth >= MAX_DEPTH) return undefined;
    if (character === "[") return this.link(index, to, depth);
    if (character === "<") return this.autolink(index, to);
    if (character === "h" && text.startsWith("http", index) && !WORD.test(text[index - 1] ?? "")) {
      return this.bareUrl(index, to);
    }
    if (character === "*" || character === "_") return this.emphasis(index, to, depth);
    return undefined;
  }

  codeSpan(index, to) {
    const text = this.text;
    let end = index;
    while (end < to && text[end] === "`") end++;
    const fence = text.slice(index, end);
    // The closing run is exactly as long as the opening one.
    const exact = (at) => text[at - 1] !== "`" && text[at + fence.length] !== "`";
    const close = this.closer(fence, end, to, exact);
    if (close === -1) return { node: { type: "text", text: fence }, next: end };
    let code = text.slice(end, close).replaceAll("\n", " ");
    if (/^ .*[^ ].* $/s.test(code)) code = code.slice(1, -1);
    return { node: { type: "code", text: code }, next: close + fence.length };
  }

  link(index, to, depth) {
    LINK.lastIndex = index;
    const match = LINK.exec(this.text);
    if (!match || LINK.lastIndex > to) return undefined;
    const children = this.read(index + 1, index + 1 + match[1].length, depth + 1);
    const href = safeHref(match[2]);
    // A link to anywhere but the web shows its label, unlinked.
    const node = href === undefined ? { type: "span", children } : { type: "link", href, children };
    return { node, next: LINK.lastIndex };
  }

  autolink(index, to) {
    AUTOLINK.lastIndex = index;
    const match = AUTOLINK.exec(this.text);
    const href = match && AUTOLINK.lastIndex <= to ? safeHref(match[1]) : undefined;
    if (href === undefined) return undefined;
    return { node: linkTo(href, match[1]), next: AUTOLINK.lastIndex };
  }

  bareUrl(index, to) {
    BARE_URL.lastIndex = index;
    const match = BARE_URL.exec(this.text);
    if (!match) return undefined;
    const address = match[0].slice(0, to - index).replace(URL_TAIL, "");
    const href = address.length > "https://".length ? safeHref(address) : undefined;
    if (href === undefined) return undefined;
    return { node: linkTo(href, address), next: index + address.length };
  }

  emphasis(index, to, depth) {
    const text = this.text;
    const mark = text[index];
    let size = 1;
    while (size < 3 && text[index + size] === mark) size++;
    const delimiter = mark.repeat(size);
    const open = index + size;
    // An opener comes before a non-space; `_` inside a word (snake_case) opens nothing.
    if (open >= to || /\s/.test(text[open]) || text[open] === mark) return undefined;
    if (mark === "_" && WORD.test(text[index - 1] ?? "")) return undefined;
    const closes = (at) =>
      !/\s/.test(text[at - 1]) &&
      text[at - 1] !== mark &&
      text[at + size] !== mark &&
      !(mark === "_" && WORD.test(text[at + size] ?? ""));
    const close = this.closer(delimiter, open, to, closes);
    if (close === -1) return { node: { type: "text", text: delimiter }, next: open };
    const children = this.read(open, close, depth + 1);
    const node =
      size === 1
        ? { type: "em", children }
        : size === 2
          ? { type: "strong", children }
          : { type: "strong", children: [{ type: "em", children }] };
    return { node, next: close + size };
  }

  /**
   * The first place at or after `from` where `delimiter` stands and `valid` holds, if it
   * ends by `to`; else -1. `valid` depends on the text alone, so a search answers every
   * later one that starts before the place it found.
   */
  closer(delimiter, from, to, valid) {
    const last = this.searches.get(delimiter);
    let at;
    if (last !== undefined && from >= last.from && (last.at === -1 || from <= last.at)) {
      at = last.at;
    } else {
      at = this.text.indexOf(delimiter, from);
      while (at !== -1 && !valid(at)) at = this.text.indexOf(delimiter, at + 1);
      this.searches.set(delimiter, { from, at });
    }
    return at !== -1 && at + delimiter.length <= to ? at : -1;
  }
}

function linkTo(href, label) {
  return { type: "link", href, children: [{ type: "text", text: label }] };
}
