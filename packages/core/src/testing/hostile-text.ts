// A shared corpus of hostile input for every renderer's tests and the CLI's: text that a
// model, a tool or a server may send to take over a terminal, hide what it says, or
// break a host that indexes objects by name. Each entry names what it tries.

/** One hostile string and what it tries to do. */
export interface HostileText {
  readonly name: string;
  readonly kind: HostileKind;
  readonly text: string;
}

export type HostileKind =
  | "csi"
  | "osc"
  | "string-sequence"
  | "c1"
  | "c0"
  | "bidi"
  | "zero-width"
  | "entity";

const ESC = "\u001b";
const BEL = "\u0007";
const ST = `${ESC}\\`;

/** Escape sequences, controls and invisible characters, each inside ordinary words. */
export const HOSTILE_TEXTS: readonly HostileText[] = [
  { kind: "csi", name: "screen clear and cursor home", text: `a${ESC}[2J${ESC}[Hb` },
  { kind: "csi", name: "colour change", text: `a${ESC}[31mred${ESC}[0mb` },
  { kind: "csi", name: "cursor up and line erase", text: `a${ESC}[1A${ESC}[2Kb` },
  { kind: "csi", name: "alternate screen", text: `a${ESC}[?1049hb` },
  { kind: "csi", name: "hidden cursor", text: `a${ESC}[?25lb` },
  { kind: "csi", name: "scroll region", text: `a${ESC}[1;2rb` },
  { kind: "osc", name: "window title (BEL)", text: `a${ESC}]0;pwned${BEL}b` },
  { kind: "osc", name: "window title (ST)", text: `a${ESC}]2;pwned${ST}b` },
  { kind: "osc", name: "OSC 52 clipboard write", text: `a${ESC}]52;c;cm0gLXJmIH4K${BEL}b` },
  {
    kind: "osc",
    name: "OSC 8 hyperlink",
    text: `a${ESC}]8;;https://evil.example${ST}link${ESC}]8;;${ST}b`,
  },
  { kind: "string-sequence", name: "DCS", text: `a${ESC}P+q544e${ST}b` },
  { kind: "string-sequence", name: "APC", text: `a${ESC}_payload${ST}b` },
  { kind: "string-sequence", name: "bare ESC and a two-byte sequence", text: `a${ESC}c${ESC}b` },
  { kind: "c1", name: "C1 CSI screen clear", text: "a\u009b2Jb" },
  { kind: "c1", name: "C1 OSC title", text: "a\u009d0;pwned\u009cb" },
  { kind: "c1", name: "C1 NEL and DCS", text: "a\u0085\u0090q\u009cb" },
  { kind: "c0", name: "bell, backspace, NUL and DEL", text: "a\u0007\u0008\u0000\u007fb" },
  { kind: "c0", name: "carriage return over the line", text: "safe text\rEVIL" },
  { kind: "c0", name: "vertical tab and form feed", text: "a\u000b\u000cb" },
  { kind: "bidi", name: "right-to-left override", text: "a\u202etxt.exe\u202cb" },
  { kind: "bidi", name: "left-to-right override and embedding", text: "a\u202d\u202ab\u202c" },
  { kind: "bidi", name: "isolates", text: "a\u2066\u2067\u2068b\u2069" },
  { kind: "bidi", name: "right-to-left mark", text: "a\u200fb" },
  { kind: "zero-width", name: "zero-width joiner and non-joiner", text: "a\u200d\u200cb" },
  { kind: "zero-width", name: "zero-width space and word joiner", text: "a\u200b\u2060b" },
  { kind: "zero-width", name: "byte-order mark mid-text", text: "a\ufeffb" },
  { kind: "zero-width", name: "Unicode tags (hidden text)", text: "a\u{e0041}\u{e0042}\u{e007f}b" },
  {
    kind: "zero-width",
    name: "Hangul filler and Mongolian vowel separator",
    text: "a\u3164\u180eb",
  },
];

/**
 * What must never reach a terminal from model, tool or server text: ESC and every other C0
 * control but tab and newline, DEL, the C1 controls, bidirectional overrides, embeddings,
 * isolates and marks, zero-width and other invisible characters, and Unicode tags.
 */
export const TERMINAL_FORBIDDEN =
  // U+034F (combining grapheme joiner) stands apart: in a class it would join its neighbour.
  /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u061c\u115f\u1160\u180e\u200b-\u200f\u202a-\u202e\u2060-\u206f\u3164\ufeff\uffa0\u{e0000}-\u{e007f}]|\u034f/u;

/** HTML entities that decode to controls: a tool must not turn these into the real thing. */
export const HOSTILE_ENTITIES: readonly HostileText[] = [
  { kind: "entity", name: "decimal ESC", text: "a&#27;[2Jb" },
  { kind: "entity", name: "hex ESC", text: "a&#x1b;]0;pwned&#x07;b" },
  { kind: "entity", name: "C1 CSI", text: "a&#155;2Jb" },
  { kind: "entity", name: "right-to-left override", text: "a&#x202E;b" },
  { kind: "entity", name: "zero-width joiner", text: "a&zwj;b" },
];

/**
 * Names that a host indexing a plain object would find on `Object.prototype`: tools,
 * providers, sessions, event types and JSON keys with these names must be treated like
 * any other unknown or user-chosen name.
 */
export const PROTOTYPE_NAMES: readonly string[] = [
  "constructor",
  "__proto__",
  "toString",
  "hasOwnProperty",
  "valueOf",
  "isPrototypeOf",
  "__defineGetter__",
  "prototype",
];
