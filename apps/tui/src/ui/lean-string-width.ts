import { createRequire } from "node:module";
import { fileURLToPath } from "node:url";
import { type EastAsianWidth, simpleWidth } from "./simple-width.js";

interface WidthOptions {
  readonly ambiguousIsNarrow?: boolean;
  readonly countAnsiEscapeCodes?: boolean;
}

/** string-width's default export. */
export type StringWidth = (text: string, options?: WidthOptions) => number;

/**
 * string-width, the same answers with nothing to pay up front. Its module builds an emoji
 * expression (`\p{RGI_Emoji}`) at import and compiles it at the first text beyond ASCII, a
 * box-drawing border included: 20–40 ms and more of a 2-core machine's launch, for a
 * screen of borders and Latin text. Here a text made only of simple characters (see
 * `simpleWidth`) is measured directly, with the same East Asian Width table and ANSI
 * stripping string-width uses; string-width itself (`real`, a file URL) loads at the
 * first text that needs it (an emoji, a combining mark), synchronously: Node ≥ 22.12
 * requires an ES module.
 */
export function leanStringWidth(
  real: string,
  eastAsianWidth: EastAsianWidth,
  stripAnsi: (text: string) => string,
): StringWidth {
  let full: StringWidth | undefined;
  return (input, options = {}) => {
    if (typeof input !== "string" || input.length === 0) return 0;
    const { ambiguousIsNarrow = true, countAnsiEscapeCodes = false } = options;
    const ansi = input.includes("\u001B") || input.includes("\u009B");
    const text = ansi && !countAnsiEscapeCodes ? stripAnsi(input) : input;
    const width = simpleWidth(text, !ambiguousIsNarrow, eastAsianWidth);
    if (width !== undefined) return width;
    full ??= (createRequire(import.meta.url)(fileURLToPath(real)) as { default: StringWidth })
      .default;
    return full(input, options);
  };
}
