import { memo, useEffect, useMemo, useState } from "react";
import { Prose } from "../components/prose.js";
import { Blocks } from "./blocks.js";
import { lexMarkdown, loadMarkdown, markdownLoaded } from "./lexer.js";

/**
 * A model's answer as terminal Markdown: headings, bold, italics, lists, code blocks on a
 * background, tables, quotes, links as their text plus the address. Parsed with marked's
 * lexer (GitHub-flavoured, as models write); whatever it does not know is shown as
 * written. Parsed and drawn again only when the text changes.
 */
export const Markdown = memo(function Markdown({ text }: { readonly text: string }) {
  const [loaded, setLoaded] = useState(markdownLoaded);
  useEffect(() => {
    if (loaded) return;
    let mounted = true;
    void loadMarkdown().then(() => mounted && setLoaded(markdownLoaded()));
    return () => {
      mounted = false;
    };
  }, [loaded]);
  const tokens = useMemo(() => (loaded ? lexMarkdown(text) : undefined), [text, loaded]);
  return tokens ? <Blocks tokens={tokens} /> : <Prose>{text}</Prose>;
});
