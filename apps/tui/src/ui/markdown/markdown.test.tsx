import { describe, expect, it } from "vitest";

// Styles are decided when Ink's colour library loads, so it must load after this.
process.env.FORCE_COLOR = "1";
const { Box } = await import("ink");
const { renderUi } = await import("../../test-support/render-ui.js");
const { Markdown } = await import("./markdown.js");
// The parser loads in the background; these tests draw once it has.
await (await import("./lexer.js")).loadMarkdown();

const BOLD = "\u001b[1m";
const ITALIC = "\u001b[3m";
const STRIKE = "\u001b[9m";

async function draw(text: string, columns = 100) {
  const ui = await renderUi(
    <Box width={columns}>
      <Markdown text={text} />
    </Box>,
    { columns, rows: 200 },
  );
  return { frame: ui.frame(), raw: ui.rawFrame() };
}

/** The styles in force where `text` starts on its row. */
function stylesBefore(raw: string, text: string) {
  const row = raw.split("\n").find((line) => line.includes(text)) ?? "";
  return row.slice(0, row.indexOf(text));
}

describe("Markdown", () => {
  it("bold, italics and strikethrough are styles, not asterisks", async () => {
    const { frame, raw } = await draw("Some **bold**, *italic* and ~~gone~~ words.");
    expect(frame).toBe("Some bold, italic and gone words.");
    expect(stylesBefore(raw, "bold")).toContain(BOLD);
    expect(stylesBefore(raw, "italic")).toContain(ITALIC);
    expect(stylesBefore(raw, "gone")).toContain(STRIKE);
    expect(stylesBefore(raw, "Some")).not.toContain(BOLD);
  });

  it("headings lose their hashes; inline code its backticks", async () => {
    const { frame } = await draw("# Title\n\nUse `npm test` here.");
    expect(frame).toBe("Title\n\nUse npm test here.");
  });

  it("lists get bullets or numbers, with a hanging indent; nested lists and tasks too", async () => {
    const { frame } = await draw(
      "- one\n- two that is long enough to wrap in a narrow pane\n  - nested\n- [x] done\n\n3. third\n4. fourth",
      30,
    );
    expect(frame.split("\n")).toEqual([
      "• one",
      "• two that is long enough to",
      "  wrap in a narrow pane",
      "  • nested",
      "• [x] done",
      "",
      "3. third",
      "4. fourth",
    ]);
  });

  it("code blocks keep every space, on a background, with their language", async () => {
    const { frame, raw } = await draw("```python\ndef f(x):\n    return x  *  2\n```");
    expect(frame).toContain("python");
    expect(frame).toContain(" def f(x):");
    expect(frame).toContain("     return x  *  2");
    // A background colour is in force on the code's rows (as many colours as the terminal has).
    expect(stylesBefore(raw, "def f(x):")).toMatch(/\u001b\[(?:4[0-7]|10[0-7]|48;)/);
  });

  it("tables line up in columns under a bold header; right-aligned columns too", async () => {
    const { frame, raw } = await draw(
      "| City | Temp |\n|------|-----:|\n| Tenerife | 25 °C |\n| Oslo | 3 °C |",
    );
    expect(frame.split("\n")).toEqual([
      "City     │  Temp",
      "─────────┼──────",
      "Tenerife │ 25 °C",
      "Oslo     │  3 °C",
    ]);
    expect(stylesBefore(raw, "City")).toContain(BOLD);
  });

  it("links show their text and their address; a bare address once", async () => {
    const { frame } = await draw(
      "See [the docs](https://example.com/docs) or <https://example.org>.",
    );
    expect(frame).toBe("See the docs (https://example.com/docs) or https://example.org.");
  });

  it("quotes get a bar; rules a line", async () => {
    const { frame } = await draw("> quoted words\n\n---\n\nafter");
    expect(frame.split("\n")[0]).toBe("│ quoted words");
    expect(frame).toContain("─".repeat(24));
    expect(frame).toContain("after");
  });

  it("never loses text: every word of every construct is drawn, in order, wide or narrow", async () => {
    const source = [
      "# Heading words",
      "A paragraph with **strong words**, *emphasis*, `inline code`, ~~struck~~ and a [link text](http://example.com/path).",
      "",
      "- bullet alpha",
      "  - nested beta",
      "1. ordered gamma",
      "- [ ] task delta",
      "",
      "> quoted epsilon",
      "",
      "```",
      "code zeta   spaced",
      "```",
      "",
      "| col eta | col theta |",
      "|---|---|",
      "| cell iota | cell kappa |",
      "",
      "<span>html lambda</span> &amp; entity mu",
      "",
      "[ref]: http://ref.example/nu",
      "Text with ![image xi](pic.png) and a [reference omicron][ref] and unclosed **pi",
      "",
      "***",
      "Trailing rho\\*escaped",
    ].join("\n");
    const words = source.match(/[A-Za-z0-9]+/g) ?? [];
    for (const columns of [100, 24]) {
      const { frame } = await draw(source, columns);
      // Rows joined without spaces or drawing characters: a word broken over two rows is whole.
      const drawn = frame.replace(/[\s│─┼•]/g, "");
      let from = 0;
      for (const word of words) {
        const at = drawn.indexOf(word, from);
        expect(at, `"${word}" (at ${columns} columns) in:\n${frame}`).toBeGreaterThanOrEqual(0);
        from = at + word.length;
      }
    }
  });
});
