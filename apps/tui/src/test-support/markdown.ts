/** A fenced code block of a Markdown page, for tests that keep documentation true. */
export interface CodeBlock {
  /** 1-based line of the opening fence in the text given. */
  readonly line: number;
  readonly language: string;
  readonly code: string;
  /** The HTML comment on the line before, if any: `<!-- from x.json -->` gives `from x.json`. */
  readonly note: string | undefined;
}

export function codeBlocks(markdown: string, firstLine = 1): CodeBlock[] {
  const lines = markdown.split("\n");
  const found: CodeBlock[] = [];
  for (let index = 0; index < lines.length; index++) {
    const fence = /^```(\w*)$/.exec(lines[index] ?? "");
    if (!fence) continue;
    const end = lines.indexOf("```", index + 1);
    if (end === -1) throw new Error(`line ${firstLine + index}: a code block never ends`);
    const note = /^<!-- (.+) -->$/.exec(lines[index - 1] ?? "")?.[1];
    const code = lines.slice(index + 1, end).join("\n");
    found.push({ line: firstLine + index, language: fence[1] ?? "", code, note });
    index = end;
  }
  return found;
}

/**
 * The text from a heading (`## Script files`) to the next heading of the same or a
 * higher level, and the line it starts on.
 */
export function section(markdown: string, heading: string) {
  const start = markdown.indexOf(`\n${heading}\n`);
  if (start === -1) throw new Error(`no section "${heading}"`);
  const level = /^#+/.exec(heading)?.[0] ?? "#";
  const next = new RegExp(`\\n#{1,${level.length}} `, "g");
  next.lastIndex = start + 1;
  const end = next.exec(markdown)?.index;
  return {
    text: markdown.slice(start + 1, end),
    firstLine: markdown.slice(0, start + 1).split("\n").length,
  };
}

/** A shell command line's words, as the shell splits them (double quotes only). */
export function shellWords(line: string) {
  return [...line.matchAll(/"([^"]*)"|(\S+)/g)].map((match) => match[1] ?? match[2] ?? "");
}
