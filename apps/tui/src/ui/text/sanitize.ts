/**
 * Terminal control sequences a model reply or a web page could carry: CSI (`ESC [`, or
 * the 8-bit 0x9b), OSC, DCS, SOS, PM and APC strings (`ESC ]`, `ESC P`, … up to BEL or
 * ST), any other two-byte escape, and the remaining C0 and C1 controls. Drawn as they
 * are, they could move the cursor, recolour or retitle the terminal, or hide text.
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
  ].join("|"),
  "g",
);

/** Text from the model or a tool, safe to draw: control sequences removed, `\r\n` kept as `\n`. */
export function stripControlSequences(text: string): string {
  return text.replace(/\r\n?/g, "\n").replace(CONTROL_SEQUENCES, "");
}
