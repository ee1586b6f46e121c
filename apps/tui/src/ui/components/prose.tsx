import { Text, type TextProps, Transform } from "ink";

const NO_BREAK_SPACE = "\u00a0";
const INDENT = /^ +/gm;
/** Style codes the colouring puts at the start of every drawn row. */
const STYLES = String.raw`((?:\u001b\[[\d;]*m)*)`;
const WRAP_SPACE = new RegExp(`^${STYLES} `);
const HELD_INDENT = new RegExp(`^${STYLES}(\u00a0+)`);

interface ProseProps extends Omit<TextProps, "children" | "wrap"> {
  readonly children: string;
}

/**
 * Text that wraps at words without starting a row with the space it broke at (Ink keeps
 * that space: a stray one-column indent on every wrapped row). A line's own indentation
 * is held through the wrap as no-break spaces and given back as spaces when drawn.
 */
export function Prose({ children, ...style }: ProseProps) {
  return (
    <Transform transform={dropWrapSpace}>
      <Text {...style}>{holdIndent(children)}</Text>
    </Transform>
  );
}

export function holdIndent(text: string) {
  return text.replace(INDENT, (spaces) => NO_BREAK_SPACE.repeat(spaces.length));
}

/** One drawn row: the space a wrap left in front goes, the held indentation comes back. */
export function dropWrapSpace(row: string) {
  return row
    .replace(WRAP_SPACE, "$1")
    .replace(
      HELD_INDENT,
      (_, styles: string, spaces: string) => styles + " ".repeat(spaces.length),
    );
}
