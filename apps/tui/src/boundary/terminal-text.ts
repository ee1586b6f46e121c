/**
 * Terminal control sequences a model reply, a tool's output or a server's error could
 * carry: CSI (`ESC [`, or the 8-bit 0x9b), OSC, DCS, SOS, PM and APC strings (`ESC ]`,
 * `ESC P`, … up to BEL or ST), any other two-byte escape, and the remaining C0 and C1
 * controls. Drawn as they are, they could move the cursor, recolour or retitle the
 * terminal, write the clipboard or hide text.
 */
const CONTROL_SEQUENCES = new RegExp(
  [
    // OSC, DCS, SOS, PM, APC: a string ended by BEL or ST (an unterminated one runs to the end).
    String.raw`(?:\u001b[\]PX^_]|[\u0090\u0098\u009d\u009e\u009f])[\s\S]*?(?:\u0007|\u001b\\|\u009c|$)`,
    // CSI: parameters, intermediates, one final byte.
    String.raw`(?:\u001b\[|\u009b)[\u0030-\u003f]*[\u0020-\u002f]*[\u0040-\u007e]?`,
    // Any other escape: ESC, optional intermediates, one final byte.
    String.raw`\u001b[\u0020-\u002f]*[\u0030-\u007e]?`,
    // Other C0 controls (tab and newline stay), DEL, and C1 controls.
    String.raw`[\u0000-\u0008\u000b-\u001f\u007f-\u009f]`,
    // Characters that reorder or hide what is drawn: bidirectional overrides, embeddings,
    // isolates and marks (a file name that reads backwards), and zero-width characters
    // (text that looks identical to other text). An emoji joined with U+200D falls apart
    // into its parts on a terminal; `--json`, traces and sessions keep it whole.
    String.raw`[\u061c\u200b-\u200f\u202a-\u202e\u2060-\u2064\u2066-\u2069\ufeff]`,
  ].join("|"),
  "g",
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
const JSON_UNSAFE =
  /[\u007f-\u009f\u061c\u200b-\u200f\u2028\u2029\u202a-\u202e\u2060-\u2064\u2066-\u2069\ufeff]/g;

/**
 * A value as one line of JSON that is also safe to print: characters a terminal would act
 * on are written as `\uXXXX` escapes, so the value parsed back is exactly the same.
 */
export function jsonText(value: unknown): string {
  return JSON.stringify(value).replace(JSON_UNSAFE, (character) => {
    return `\\u${character.charCodeAt(0).toString(16).padStart(4, "0")}`;
  });
}
