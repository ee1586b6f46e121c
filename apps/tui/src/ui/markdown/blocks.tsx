import { Box, Text, Transform } from "ink";
import type { Token, Tokens } from "marked";
import type { ReactNode } from "react";
import { dropWrapSpace } from "../components/prose.js";
import { Inline } from "./inline.js";
import { MarkdownTable } from "./table.js";

/** A code block's background: dark grey, on the 256-colour palette most terminals have. */
const CODE_BACKGROUND = "#303030";

/** Block tokens, one under the other, a blank row between paragraphs and the like. */
export function Blocks({ tokens }: { readonly tokens: readonly Token[] }) {
  const shown = tokens.filter((token) => token.type !== "space");
  return (
    <Box flexDirection="column">
      {shown.map((token, index) => (
        // Blocks of one text never change order.
        // biome-ignore lint/suspicious/noArrayIndexKey: a fixed list
        <Box key={index} marginTop={index > 0 && spaced(token, shown[index - 1]) ? 1 : 0}>
          <Block token={token} />
        </Box>
      ))}
    </Box>
  );
}

/** Tight list items' text runs on; everything else has a blank row before it. */
function spaced(token: Token, previous: Token | undefined) {
  return !(token.type === "list" && previous?.type === "text") && token.type !== "text";
}

function Block({ token }: { readonly token: Token }): ReactNode {
  switch (token.type) {
    case "paragraph":
    case "text":
      return <Paragraph token={token as Tokens.Paragraph | Tokens.Text} />;
    case "heading": {
      const heading = token as Tokens.Heading;
      return (
        <Wrapped>
          <Text bold underline={heading.depth === 1} color="magenta">
            <Inline tokens={heading.tokens} />
          </Text>
        </Wrapped>
      );
    }
    case "code":
      return <CodeBlock code={token as Tokens.Code} />;
    case "blockquote":
      return (
        <Box
          borderStyle="single"
          borderTop={false}
          borderRight={false}
          borderBottom={false}
          borderColor="gray"
          paddingLeft={1}
          flexGrow={1}
        >
          <Blocks tokens={(token as Tokens.Blockquote).tokens} />
        </Box>
      );
    case "list":
      return <List list={token as Tokens.List} />;
    case "table":
      return <MarkdownTable table={token as Tokens.Table} />;
    case "hr":
      return <Text dimColor>{"─".repeat(24)}</Text>;
    case "def": {
      const definition = token as Tokens.Def;
      return <Text dimColor>{`[${definition.tag}]: ${definition.href}`}</Text>;
    }
    default:
      // HTML and anything a newer parser adds: shown as written, never dropped.
      return (
        <Wrapped>
          <Text>{token.raw.replace(/\n+$/, "")}</Text>
        </Wrapped>
      );
  }
}

function Paragraph({ token }: { readonly token: Tokens.Paragraph | Tokens.Text }) {
  return (
    <Wrapped>
      <Text>{token.tokens ? <Inline tokens={token.tokens} /> : token.text}</Text>
    </Wrapped>
  );
}

/** Wrapped at words, no row starting with the space it broke at (see Prose). */
function Wrapped({ children }: { readonly children: ReactNode }) {
  return <Transform transform={dropWrapSpace}>{children}</Transform>;
}

function CodeBlock({ code }: { readonly code: Tokens.Code }) {
  return (
    <Box flexDirection="column" backgroundColor={CODE_BACKGROUND} paddingX={1} flexGrow={1}>
      {code.lang ? <Text dimColor>{code.lang}</Text> : null}
      {/* Hard wrap: code keeps every space, and a long line breaks where it must. */}
      <Text wrap="hard">{code.text || " "}</Text>
    </Box>
  );
}

function List({ list }: { readonly list: Tokens.List }) {
  const first = typeof list.start === "number" ? list.start : 1;
  const markers = list.items.map((item, index) => {
    const bullet = list.ordered ? `${first + index}.` : "•";
    return item.task ? `${bullet} ${item.checked ? "[x]" : "[ ]"}` : bullet;
  });
  // Numbers line up (9. and 10.); a task's box widens only its own item.
  const common =
    Math.max(...list.items.map((item, index) => (item.task ? 0 : (markers[index]?.length ?? 0)))) +
    1;
  const widthOf = (index: number) =>
    list.items[index]?.task ? (markers[index]?.length ?? 0) + 1 : common;
  return (
    <Box flexDirection="column">
      {list.items.map((item, index) => (
        // Items of one list never change order.
        // biome-ignore lint/suspicious/noArrayIndexKey: a fixed list
        <Box key={index} marginTop={index > 0 && list.loose ? 1 : 0}>
          <Box width={widthOf(index)} flexShrink={0}>
            <Text color="cyan">{markers[index]}</Text>
          </Box>
          <Box flexDirection="column" flexShrink={1} flexGrow={1}>
            {/* A task's box is drawn with its bullet. */}
            <Blocks tokens={item.tokens.filter((token) => token.type !== "checkbox")} />
          </Box>
        </Box>
      ))}
    </Box>
  );
}
