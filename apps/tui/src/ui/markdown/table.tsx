import { Box, Text } from "ink";
import type { Tokens } from "marked";
import { Inline, plainText } from "./inline.js";

const SEPARATOR = " │ ";

/**
 * A table in columns sized to their widest cell, the header in bold over a rule. When
 * the pane is narrower, columns give up width in proportion and their cells wrap.
 */
export function MarkdownTable({ table }: { readonly table: Tokens.Table }) {
  const rows = [table.header, ...table.rows];
  const widths = table.header.map((_, column) =>
    Math.max(1, ...rows.map((row) => widest(plainText(row[column]?.tokens)))),
  );
  return (
    <Box flexDirection="column">
      <Row cells={table.header} widths={widths} header />
      <Box>
        {widths.map((width, column) => (
          // Columns of one table never change order.
          // biome-ignore lint/suspicious/noArrayIndexKey: a fixed list
          <Box key={column} flexShrink={1}>
            {column > 0 && <Text dimColor>─┼─</Text>}
            <Box width={width} flexShrink={1}>
              <Text dimColor wrap="truncate-end">
                {"─".repeat(width)}
              </Text>
            </Box>
          </Box>
        ))}
      </Box>
      {table.rows.map((row, index) => (
        // Rows of one table never change order.
        // biome-ignore lint/suspicious/noArrayIndexKey: a fixed list
        <Row key={index} cells={row} widths={widths} />
      ))}
    </Box>
  );
}

interface RowProps {
  readonly cells: readonly Tokens.TableCell[];
  readonly widths: readonly number[];
  readonly header?: boolean;
}

function Row({ cells, widths, header = false }: RowProps) {
  return (
    <Box>
      {widths.map((width, column) => {
        const cell = cells[column];
        const align =
          cell?.align === "right" ? "flex-end" : cell?.align === "center" ? "center" : "flex-start";
        return (
          // Cells of one row never change order.
          // biome-ignore lint/suspicious/noArrayIndexKey: a fixed list
          <Box key={column} flexShrink={1}>
            {column > 0 && <Text dimColor>{SEPARATOR}</Text>}
            <Box width={width} flexShrink={1} justifyContent={align}>
              <Text bold={header}>
                <Inline tokens={cell?.tokens} />
              </Text>
            </Box>
          </Box>
        );
      })}
    </Box>
  );
}

function widest(text: string) {
  return Math.max(0, ...text.split("\n").map((line) => [...line].length));
}
