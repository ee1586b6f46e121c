import { Text } from "ink";
import { MIN_COLUMNS, MIN_ROWS } from "../hooks/use-layout.js";
import { colours } from "./theme.js";

/** Below the smallest window the app can lay out: one short line, until the window grows. */
export function TooSmall({ columns, rows }: { readonly columns: number; readonly rows: number }) {
  return (
    <Text color={colours.warning} wrap="truncate-end">
      {`Too small: ${columns}×${rows}, needs ${MIN_COLUMNS}×${MIN_ROWS}`}
    </Text>
  );
}
