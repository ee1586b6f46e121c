import { Lexer } from "marked";
import { memo, useMemo } from "react";
import { Blocks } from "./blocks.js";

/**
 * A model's answer as terminal Markdown: headings, bold, italics, lists, code blocks on a
 * background, tables, quotes, links as their text plus the address. Parsed with marked's
 * lexer (GitHub-flavoured, as models write); whatever it does not know is shown as
 * written. Parsed and drawn again only when the text changes.
 */
export const Markdown = memo(function Markdown({ text }: { readonly text: string }) {
  const tokens = useMemo(() => Lexer.lex(text, { gfm: true }), [text]);
  return <Blocks tokens={tokens} />;
});
