/**
 * OSC 52: asks the terminal to put text on the system clipboard. Terminals that support
 * it (and tmux with set-clipboard) do; others ignore it. The text travels as base64, so
 * nothing in it can act as a control sequence.
 */
export function clipboardSequence(text: string) {
  return `\u001b]52;c;${Buffer.from(text, "utf8").toString("base64")}\u0007`;
}
