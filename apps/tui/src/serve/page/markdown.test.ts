import { describe, expect, it } from "vitest";
import { parseMarkdown } from "./markdown.js";
import { type Inline, parseInline, safeHref } from "./markdown-inline.js";

const text = (value: string) => ({ type: "text", text: value });

/** The text of inline nodes, markup dropped: what a reader sees. */
function plain(nodes: readonly Inline[]): string {
  return nodes.map((node) => ("text" in node ? node.text : plain(node.children))).join("");
}

describe("the page's Markdown: blocks", () => {
  it("reads headings, paragraphs (lines kept), rules and fenced code with its language", () => {
    expect(
      parseMarkdown("# Title\n\nFirst line\nsecond line\n\n---\n```js\nconst a = '<b>';\n\n```"),
    ).toEqual([
      { type: "heading", level: 1, children: [text("Title")] },
      { type: "paragraph", children: [text("First line\nsecond line")] },
      { type: "rule" },
      { type: "code", language: "js", text: "const a = '<b>';\n" },
    ]);
  });

  it("keeps an unclosed code fence to the end, as code", () => {
    expect(parseMarkdown("~~~\n# not a heading\n*not em*")).toEqual([
      { type: "code", language: "", text: "# not a heading\n*not em*" },
    ]);
  });

  it("reads tight and loose lists, ordered ones with their start, and nested ones", () => {
    expect(parseMarkdown("Steps:\n- one\n- **two**\n  1. inner\n  2. more")).toEqual([
      { type: "paragraph", children: [text("Steps:")] },
      {
        type: "list",
        ordered: false,
        start: 1,
        loose: false,
        items: [
          [{ type: "paragraph", children: [text("one")] }],
          [
            { type: "paragraph", children: [{ type: "strong", children: [text("two")] }] },
            {
              type: "list",
              ordered: true,
              start: 1,
              loose: false,
              items: [
                [{ type: "paragraph", children: [text("inner")] }],
                [{ type: "paragraph", children: [text("more")] }],
              ],
            },
          ],
        ],
      },
    ]);
    const loose = parseMarkdown("3. three\n\n4. four\n\nafter");
    expect(loose[0]).toMatchObject({ type: "list", ordered: true, start: 3, loose: true });
    expect(loose[0]).toHaveProperty("items.length", 2);
    expect(loose[1]).toEqual({ type: "paragraph", children: [text("after")] });
  });

  it("reads quotes and tables (with alignment, escaped pipes and short rows)", () => {
    expect(parseMarkdown("> quoted *text*\n> more")).toEqual([
      {
        type: "quote",
        children: [
          {
            type: "paragraph",
            children: [text("quoted "), { type: "em", children: [text("text")] }, text("\nmore")],
          },
        ],
      },
    ]);
    expect(parseMarkdown("| a | b \\| c |\n|:--|--:|\n| 1 |\n| `x` | 2 |")).toEqual([
      {
        type: "table",
        align: ["left", "right"],
        header: [[text("a")], [text("b | c")]],
        rows: [
          [[text("1")], []],
          [[{ type: "code", text: "x" }], [text("2")]],
        ],
      },
    ]);
  });

  it("reads no table where the delimiter row has another number of cells", () => {
    expect(parseMarkdown("a | b\n---")).toEqual([
      { type: "paragraph", children: [text("a | b")] },
      { type: "rule" },
    ]);
  });

  it("keeps HTML as text: no block or node of the tree is markup", () => {
    const hostile = '<script>window.__pwned=1</script>\n\n<img src=x onerror="window.__pwned=1">';
    expect(parseMarkdown(hostile)).toEqual([
      { type: "paragraph", children: [text("<script>window.__pwned=1</script>")] },
      { type: "paragraph", children: [text('<img src=x onerror="window.__pwned=1">')] },
    ]);
  });

  it("reads deeply nested quotes and lists without running out of stack", () => {
    const quotes = parseMarkdown(`${">".repeat(5000)} deep`);
    expect(JSON.stringify(quotes)).toContain("deep");
    const list = parseMarkdown(
      Array.from({ length: 3000 }, (_, depth) => `${"  ".repeat(depth)}- item`).join("\n"),
    );
    expect(JSON.stringify(list)).toContain("item");
  });
});

describe("the page's Markdown: inline", () => {
  it("reads emphasis, strong, both, code spans and escapes", () => {
    expect(parseInline("*a* **b** ***c*** _d_ __e__ `f *g*` \\*h\\*")).toEqual([
      { type: "em", children: [text("a")] },
      text(" "),
      { type: "strong", children: [text("b")] },
      text(" "),
      { type: "strong", children: [{ type: "em", children: [text("c")] }] },
      text(" "),
      { type: "em", children: [text("d")] },
      text(" "),
      { type: "strong", children: [text("e")] },
      text(" "),
      { type: "code", text: "f *g*" },
      text(" *h*"),
    ]);
  });

  it("leaves snake_case, lone stars, spaced stars and unclosed code as text", () => {
    for (const source of [
      "snake_case_name",
      "2 * 3 * 4",
      "a ** b",
      "* not em*",
      "`open code",
      "**never closed",
    ]) {
      expect(parseInline(source)).toEqual([text(source)]);
    }
  });

  it("reads emphasis around strong and a code span of two backticks", () => {
    expect(parseInline("*a **b** c*")).toEqual([
      { type: "em", children: [text("a "), { type: "strong", children: [text("b")] }, text(" c")] },
    ]);
    expect(parseInline("``a ` b``")).toEqual([{ type: "code", text: "a ` b" }]);
  });

  it("links to http and https only; any other address keeps its label, unlinked", () => {
    expect(parseInline("[docs](https://example.com/a?b=1) and <http://x.test/y>")).toEqual([
      { type: "link", href: "https://example.com/a?b=1", children: [text("docs")] },
      text(" and "),
      { type: "link", href: "http://x.test/y", children: [text("http://x.test/y")] },
    ]);
    for (const address of [
      "javascript:alert`1`",
      "JaVaScRiPt:go",
      "data:text/html,x",
      "/relative",
      "vbscript:x",
    ]) {
      expect(parseInline(`[click](${address})`)).toEqual([
        { type: "span", children: [text("click")] },
      ]);
    }
    // Parentheses end an address: this one is no link at all.
    expect(parseInline("[click](javascript:alert(1))")).toEqual([
      text("[click](javascript:alert(1))"),
    ]);
    expect(parseInline("<javascript:alert(1)>")).toEqual([text("<javascript:alert(1)>")]);
  });

  it("links a bare web address, leaving the sentence's punctuation out", () => {
    expect(parseInline("See https://example.com/page. Or (https://example.com/b)!")).toEqual([
      text("See "),
      {
        type: "link",
        href: "https://example.com/page",
        children: [text("https://example.com/page")],
      },
      text(". Or ("),
      { type: "link", href: "https://example.com/b", children: [text("https://example.com/b")] },
      text(")!"),
    ]);
  });

  it("says which addresses are safe to link", () => {
    expect(safeHref("https://example.com")).toBe("https://example.com/");
    expect(safeHref(" javascript:alert(1)")).toBeUndefined();
    expect(safeHref("java\tscript:alert(1)")).toBeUndefined();
    expect(safeHref("not a url")).toBeUndefined();
  });

  // Each would take minutes with a search from every delimiter to the end of the text.
  it.each([
    ["stars", "*a ".repeat(100_000)],
    ["underscores", "_a ".repeat(100_000)],
    ["double stars", "**a ".repeat(100_000)],
    ["backticks", "`a ``b ".repeat(50_000)],
    ["brackets", "[a](".repeat(100_000)],
    ["addresses", "http://a ".repeat(50_000)],
  ])("reads a text of many unclosed %s in time proportional to its length", (_name, source) => {
    const nodes = parseInline(source);
    expect(plain(nodes).length).toBeGreaterThan(0);
  });
});
