import { styleText } from "node:util";
import { createLineBatch } from "@langchain-mini/host";

export type Style = Parameters<typeof styleText>[0];

/** A stream the text renderers share: colour decided once, writes gathered per tick. */
export interface TerminalOutput {
  /** The text in a style when the stream shows colour; as it is otherwise. */
  paint(style: Style, text: string): string;
  /** Written with the other lines of this tick of the event loop. */
  write(text: string): void;
  /** Writes what waits now: before the answer goes out, and before exiting. */
  flush(): void;
}

/**
 * Colour on a terminal, plain when piped or with NO_COLOR (styleText's own rules, asked
 * once instead of for every line), and one write per tick instead of one per line.
 * `around` gives what is written for each batch of lines (a live line kept under them).
 */
export function terminalOutput(
  stream: NodeJS.WriteStream,
  around: (text: string) => string = (text) => text,
): TerminalOutput {
  const colour = styleText("red", "x", { stream }) !== "x";
  const batch = createLineBatch((text) => stream.write(around(text)));
  return {
    paint: colour
      ? (style, text) => styleText(style, text, { validateStream: false })
      : (_style, text) => text,
    write: batch.add,
    flush: batch.flush,
  };
}
