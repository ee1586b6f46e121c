import { Box } from "ink";
import { describe, expect, it } from "vitest";
import { renderUi, scriptedChat } from "../../test-support/render-ui.js";
import { App } from "./app.js";
import { Prose } from "./prose.js";

describe("Prose", () => {
  it("wraps at words without starting a row with the space it broke at", async () => {
    const ui = await renderUi(
      <Box width={11}>
        <Prose>hello world foo bar baz qux</Prose>
      </Box>,
    );
    const rows = ui.frame().split("\n");
    expect(rows).toEqual(["hello world", "foo bar", "baz qux"]);
  });

  it("keeps a line's own indentation, on its first row", async () => {
    const ui = await renderUi(
      <Box width={14}>
        <Prose>{"list:\n  indented text that wraps"}</Prose>
      </Box>,
    );
    const rows = ui.frame().split("\n");
    expect(rows).toEqual(["list:", "  indented", "text that", "wraps"]);
    expect(ui.frame()).not.toContain("\u00a0");
  });

  it("loses no text: every word drawn once, in order", async () => {
    const text = Array.from({ length: 60 }, (_, index) => `word${index}`).join(" ");
    const ui = await renderUi(
      <Box width={17}>
        <Prose>{text}</Prose>
      </Box>,
    );
    expect(ui.frame().split(/\s+/).filter(Boolean)).toEqual(text.split(" "));
  });
});

describe("wrapped text in the app", () => {
  it("no row of a wrapped answer starts with a stray space", async () => {
    // A 40-column window leaves 36 columns in a pane: the first row is filled exactly,
    // which is where a wrap used to carry the space over to the next row.
    const answer = `${"x".repeat(30)} abcde then more words`;
    const ui = await renderUi(<App service={scriptedChat([` ok\nFinal Answer: ${answer}`])} />, {
      columns: 40,
      rows: 40,
    });
    await ui.type("q\r");
    const frame = await ui.waitFor("then more words");
    const rows = frame.split("\n");
    const first = rows.findIndex((row) => row.startsWith(`│ ${"x".repeat(30)}`));
    expect(rows[first]).toBe(`│ ${"x".repeat(30)} abcde │`);
    expect(rows[first + 1]).toMatch(/^│ then more words +│$/);
  });

  it("/help keeps its hanging indent in a narrow pane: descriptions wrap under themselves", async () => {
    const ui = await renderUi(<App service={scriptedChat([])} />, { columns: 40, rows: 120 });
    await ui.type("/help\r");
    const rows = (await ui.waitFor("/quit")).split("\n");
    const at = rows.findIndex((row) => row.includes("Ctrl+P"));
    const row = rows[at] as string;
    const column = row.indexOf("prompt");
    // "prompt inspector: each LLM call's exact prompt …" does not fit: its next row
    // starts in the description's column, with nothing under the key.
    const next = rows[at + 1] as string;
    expect(next.slice(1, column).trim()).toBe("");
    expect(next[column]).toMatch(/\S/);
  });
});
