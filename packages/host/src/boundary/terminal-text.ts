// Invisible or reordering characters, the tag block (U+E0000-E007F) included.
const INVISIBLE = String.raw`[\u034f\u061c\u115f\u1160\u180e\u200b-\u200f\u202a-\u202e\u2060-\u206f\u3164\ufeff\uffa0\u{e0000}-\u{e007f}]`;

/**
 * Terminal control sequences a model reply, a tool's output or a server's error could
 * carry: CSI (`ESC [`, or the 8-bit 0x9b), OSC, DCS, SOS, PM and APC strings (`ESC ]`,
 * `ESC P`, … up to BEL or ST), any other two-byte escape, and the remaining C0 and C1
 * controls. Drawn as they are, they could move the cursor, recolour or retitle the
 * terminal, write the clipboard or hide text.
 */
const CONTROL_SEQUENCES = new RegExp(
  [
    // OSC, DCS, SOS, PM, APC after ESC: the string up to BEL or ST, as a terminal reads it;
    // an ESC ends it too (the `ESC \` of ST goes with the next rule), and so does a line
    // end, so a stray `ESC ]` never hides the lines after it. The 8-bit starters (0x90,
    // 0x98, 0x9d-0x9f) go alone, below: they are as often a curly quote decoded as
    // Latin-1 as an attack, and what follows them cannot act once they are gone.
    String.raw`\u001b[\]PX^_][^\u0007\u001b\u009c\n]*[\u0007\u009c]?`,
    // CSI: parameters, intermediates, one final byte.
    String.raw`(?:\u001b\[|\u009b)[\u0030-\u003f]*[\u0020-\u002f]*[\u0040-\u007e]?`,
    // Any other escape: ESC, optional intermediates, one final byte.
    String.raw`\u001b[\u0020-\u002f]*[\u0030-\u007e]?`,
    // Other C0 controls (tab and newline stay), DEL, and C1 controls.
    String.raw`[\u0000-\u0008\u000b-\u001f\u007f-\u009f]`,
    // Characters that reorder or hide what is drawn: bidirectional overrides, embeddings,
    // isolates and marks (a file name that reads backwards), zero-width and other
    // invisible characters (text that looks identical to other text), and Unicode tags
    // (hidden text). An emoji, or Persian or Indic text, joined with U+200C/U+200D falls
    // apart into its parts on a terminal; `--json`, traces and sessions keep it whole.
    INVISIBLE,
  ].join("|"),
  "gu",
);

/**
 * Text from a model, a tool, a server or a file, safe to draw on a terminal: control
 * sequences and invisible reordering characters removed, `\r\n` and a lone `\r` (which
 * would draw over its own line) kept as `\n`. Every text renderer (the terminal UI,
 * `ask`'s trace and answer, `--verbose`, `replay`, `sessions show`, error lines) shows
 * foreign text through this one function; `--json` and trace files stay lossless.
 */
export function terminalText(text: string): string {
  return text.replace(/\r\n?/g, "\n").replace(CONTROL_SEQUENCES, "");
}

// What JSON.stringify leaves raw that a terminal acts on or hides: DEL and C1 controls
// (U+009B is a CSI to many terminals), the reordering and zero-width characters above,
// and the line and paragraph separators (line breaks to some JSON-lines readers).
const JSON_UNSAFE = new RegExp(String.raw`[\u007f-\u009f\u2028\u2029]|${INVISIBLE}`, "gu");

/**
 * A value as one line of JSON that is also safe to print: characters a terminal would act
 * on are written as `\uXXXX` escapes, so the value parsed back is exactly the same.
 */
export function jsonText(value: object, indent?: number): string {
  return JSON.stringify(value, null, indent).replace(JSON_UNSAFE, (character) => {
    // A tag character is two UTF-16 units: each is written as its own escape.
    let escaped = "";
    for (let unit = 0; unit < character.length; unit++) {
      escaped += `\\u${character.charCodeAt(unit).toString(16).padStart(4, "0")}`;
    }
    return escaped;
  });
}

// Every character `terminalText` removes, one at a time: C0 controls but tab and newline
// (ESC, a lone CR), DEL, C1 controls, and the invisible and reordering characters.
const UNSAFE_CHARACTER = new RegExp(
  String.raw`[\u0000-\u0008\u000b-\u001f\u007f-\u009f]|${INVISIBLE}`,
  "gu",
);

/**
 * Text a person decides on (a tool call to approve), safe to draw and complete: each
 * character a terminal would act on or hide is written as a visible `\uXXXX` escape
 * instead of being removed, so that two different inputs never look the same.
 */
export function visibleText(text: string): string {
  return text.replace(UNSAFE_CHARACTER, (character) => {
    const code = character.codePointAt(0) ?? 0;
    return code > 0xffff ? `\\u{${code.toString(16)}}` : `\\u${code.toString(16).padStart(4, "0")}`;
  });
}
