import { Text } from "ink";
import type { Token, Tokens } from "marked";
import type { ReactNode } from "react";

/** Text of inline tokens without their markup: for widths, and for what has no style. */
export function plainText(tokens: readonly Token[] | undefined): string {
  if (!tokens) return "";
  return tokens.map((token) => inlineString(token)).join("");
}

function inlineString(token: Token): string {
  const nested = "tokens" in token && Array.isArray(token.tokens) ? token.tokens : undefined;
  switch (token.type) {
    case "link":
      return linkLabel(token as Tokens.Link, plainText(nested));
    case "image":
      return imageLabel(token as Tokens.Image);
    case "br":
      return "\n";
    case "checkbox":
      return (token as Tokens.Checkbox).checked ? "[x] " : "[ ] ";
    case "codespan":
    case "escape":
      return (token as Tokens.Codespan).text;
    case "html":
      return token.raw;
    default:
      return nested
        ? plainText(nested)
        : "text" in token && typeof token.text === "string"
          ? token.text
          : token.raw;
  }
}

/**
 * Inline Markdown as styled text: bold, italics, strikethrough, code in its own colour,
 * links as their text plus the address. Anything unknown shows as written, so no text
 * is ever lost.
 */
export function Inline({ tokens }: { readonly tokens: readonly Token[] | undefined }): ReactNode {
  if (!tokens) return null;
  return tokens.map((token, index) => (
    // Inline tokens of one block never change order.
    // biome-ignore lint/suspicious/noArrayIndexKey: a fixed list
    <InlineToken key={index} token={token} />
  ));
}

function InlineToken({ token }: { readonly token: Token }): ReactNode {
  const nested = "tokens" in token && Array.isArray(token.tokens) ? token.tokens : undefined;
  switch (token.type) {
    case "strong":
      return (
        <Text bold>
          <Inline tokens={nested} />
        </Text>
      );
    case "em":
      return (
        <Text italic>
          <Inline tokens={nested} />
        </Text>
      );
    case "del":
      return (
        <Text strikethrough>
          <Inline tokens={nested} />
        </Text>
      );
    case "codespan":
      return <Text color="cyan">{(token as Tokens.Codespan).text}</Text>;
    case "link": {
      const link = token as Tokens.Link;
      const label = plainText(nested);
      if (label === link.href || label === link.href.replace(/^mailto:/, "")) {
        return <Text color="blue">{label}</Text>;
      }
      return (
        <Text>
          <Text underline>
            <Inline tokens={nested} />
          </Text>
          <Text dimColor>{` (${link.href})`}</Text>
        </Text>
      );
    }
    case "text":
      return nested ? <Inline tokens={nested} /> : (token as Tokens.Text).text;
    default:
      return inlineString(token);
  }
}

function linkLabel(link: Tokens.Link, label: string) {
  return label === link.href ? label : `${label} (${link.href})`;
}

function imageLabel(image: Tokens.Image) {
  return `[image: ${image.text || "no description"}] (${image.href})`;
}
