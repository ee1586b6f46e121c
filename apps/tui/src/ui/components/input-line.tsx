import { Box, Text } from "ink";
import type { LineState } from "../state/line-editor.js";
import { colours } from "./theme.js";

const PROMPT = "How can I help? ";

/** The question line of seed 000, with a block cursor. */
export function InputLine({ line }: { readonly line: LineState }) {
  if (line.search) return <SearchLine line={line} />;
  const { text, cursor } = line;
  const under = text.slice(cursor, cursor + 1) || " ";
  return (
    <Box borderStyle="round" borderColor={colours.border} paddingX={1}>
      <Text wrap="truncate-start">
        <Text bold color={colours.focus}>
          {PROMPT}
        </Text>
        {text.slice(0, cursor)}
        <Text inverse>{under}</Text>
        {text.slice(cursor + 1)}
      </Text>
    </Box>
  );
}

/** Ctrl+R: what is searched for, and the newest earlier question that has it. */
function SearchLine({ line }: { readonly line: LineState }) {
  const { query = "", index } = line.search ?? {};
  const found = index === undefined ? undefined : line.history[index];
  return (
    <Box borderStyle="round" borderColor={colours.focus} paddingX={1}>
      <Text wrap="truncate-end">
        <Text bold color={colours.focus}>{`Search: ${query}`}</Text>
        <Text inverse> </Text>
        {found !== undefined ? (
          <Text>{`  ${found}`}</Text>
        ) : (
          <Text dimColor>
            {query ? "  no earlier question has it" : "  type to search earlier questions"}
          </Text>
        )}
      </Text>
    </Box>
  );
}
