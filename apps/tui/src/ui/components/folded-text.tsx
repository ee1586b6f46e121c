import { Text, Transform } from "ink";
import { dropWrapSpace, holdIndent } from "./prose.js";

/** Observations longer than this (lines or characters) are folded. */
const FOLD_LINES = 6;
const FOLD_CHARACTERS = 480;
const SHOWN_LINES = 3;
const SHOWN_CHARACTERS = 240;

interface FoldedTextProps {
  readonly text: string;
  readonly colour: string;
  readonly unfolded: boolean;
}

/** Long text shows its start and how much is hidden; Ctrl+O unfolds it. */
export function FoldedText({ text, colour, unfolded }: FoldedTextProps) {
  const lines = text.split("\n");
  const long = lines.length > FOLD_LINES || text.length > FOLD_CHARACTERS;
  let shown = text;
  let hint = "";
  if (long && unfolded) hint = "\n(Ctrl+O folds)";
  else if (long) {
    shown = lines.slice(0, SHOWN_LINES).join("\n").slice(0, SHOWN_CHARACTERS);
    const hiddenLines = lines.length - shown.split("\n").length;
    const hidden =
      hiddenLines > 0
        ? `${hiddenLines} more line${hiddenLines === 1 ? "" : "s"}`
        : `${text.length - shown.length} more characters`;
    hint = `… ${hidden} (Ctrl+O unfolds)`;
  }
  return (
    <Transform transform={dropWrapSpace}>
      <Text color={colour}>
        {holdIndent(shown)}
        {hint && <Text dimColor>{hint}</Text>}
      </Text>
    </Transform>
  );
}
