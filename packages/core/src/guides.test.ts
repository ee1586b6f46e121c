import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";

/**
 * The guides in this package's README show code copied from tested files (the examples'
 * plug-ins and their tests). A block says where it comes from with a comment on the line
 * before it, `<!-- from examples/tool-clock/src/index.ts -->`, and must be a run of that
 * file's lines, so the guide cannot drift from code that is tested.
 */
const ROOT = join(import.meta.dirname, "../../..");
const README = readFileSync(join(import.meta.dirname, "../README.md"), "utf8");
const GUIDES = ["Write your own tool", "Write your own LLM provider"];

interface CodeBlock {
  /** 1-based, in the README. */
  readonly line: number;
  readonly language: string;
  readonly code: string;
  readonly source: string | undefined;
}

function codeBlocks(markdown: string, firstLine = 1): CodeBlock[] {
  const lines = markdown.split("\n");
  const found: CodeBlock[] = [];
  for (let index = 0; index < lines.length; index++) {
    const fence = /^```(\w*)$/.exec(lines[index] ?? "");
    if (!fence) continue;
    const end = lines.indexOf("```", index + 1);
    if (end === -1) throw new Error(`README line ${firstLine + index}: a code block never ends`);
    const source = /^<!-- from (\S+) -->$/.exec(lines[index - 1] ?? "")?.[1];
    const code = lines.slice(index + 1, end).join("\n");
    found.push({ line: firstLine + index, language: fence[1] ?? "", code, source });
    index = end;
  }
  return found;
}

function section(title: string) {
  const start = README.indexOf(`\n## ${title}\n`);
  if (start === -1) throw new Error(`The README has no section "## ${title}"`);
  const end = README.indexOf("\n## ", start + 1);
  const text = README.slice(start + 1, end === -1 ? undefined : end);
  return { text, firstLine: README.slice(0, start + 1).split("\n").length };
}

/**
 * Whether `code`'s lines appear, in order and together, among `file`'s: exactly, but for
 * the indentation they share there (the formatter moves an excerpt to the left margin).
 */
function isExcerpt(code: string, file: string) {
  const wanted = code.split("\n");
  const lines = file.split("\n");
  for (let start = 0; start + wanted.length <= lines.length; start++) {
    const run = lines.slice(start, start + wanted.length);
    if (run.join("\n") === code || dedent(run).join("\n") === code) return true;
  }
  return false;
}

function dedent(lines: readonly string[]) {
  const indents = lines
    .filter((line) => line.trim())
    .map((line) => /^ */.exec(line)?.[0].length ?? 0);
  const shared = Math.min(...indents);
  return lines.map((line) => line.slice(shared));
}

describe("the guides' code", () => {
  it.each(GUIDES)("%s: every block but shell commands says which file it comes from", (title) => {
    const { text, firstLine } = section(title);
    const blocks = codeBlocks(text, firstLine);
    const unsourced = blocks.filter((block) => block.language !== "sh" && !block.source);
    expect(
      unsourced.map((block) => `README line ${block.line}`),
      "copy the code from a tested file and name it in a <!-- from … --> line",
    ).toEqual([]);
    expect(blocks.filter((block) => block.source).length).toBeGreaterThanOrEqual(3);
  });

  it("every block that names a file is a run of that file's lines", () => {
    const sourced = codeBlocks(README).filter((block) => block.source);
    const drifted = sourced.filter((block) => {
      const file = readFileSync(join(ROOT, block.source ?? ""), "utf8");
      return !isExcerpt(block.code, file);
    });
    expect(
      drifted.map((block) => `README line ${block.line} is no longer in ${block.source}`),
      "copy the lines from the file again",
    ).toEqual([]);
  });

  it("tells a drifted block from a faithful one", () => {
    const file = "a\n  b\n  c\nd";
    expect(isExcerpt("  b\n  c", file)).toBe(true);
    expect(isExcerpt("  b\n  c\nd", file)).toBe(true);
    expect(isExcerpt("  b\nd", file)).toBe(false);
    expect(isExcerpt("  b\n  c ", file)).toBe(false);
    expect(isExcerpt("b\nc", file)).toBe(true);
    expect(isExcerpt("b\n c", file)).toBe(false);
  });
});
