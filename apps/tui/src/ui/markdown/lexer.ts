import type { Token } from "marked";

let lex: ((text: string) => Token[]) | undefined;
let loading: Promise<void> | undefined;

/**
 * Loads marked the first time an answer is drawn (or a transcript printed), never on the
 * way to the first frame: until it is there, or if it cannot load, text shows as written.
 */
export function loadMarkdown(): Promise<void> {
  loading ??= import("marked").then(
    ({ Lexer }) => {
      lex = (text) => Lexer.lex(text, { gfm: true });
    },
    () => {},
  );
  return loading;
}

/** The text's Markdown tokens; undefined until the parser has loaded. */
export function lexMarkdown(text: string): Token[] | undefined {
  return lex?.(text);
}

export const markdownLoaded = () => lex !== undefined;
