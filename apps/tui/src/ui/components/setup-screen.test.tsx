import { describe, expect, it } from "vitest";
import { renderUi } from "../../test-support/render-ui.js";
import { type SettingRow, SetupScreen } from "./setup-screen.js";

const SETTINGS: readonly SettingRow[] = [
  ["OPENAI_API_KEY=sk-…", "OpenAI (OPENAI_MODEL picks the model) (openai)"],
  [
    "OPENAI_BASE_URL=http://localhost:11434/v1",
    "a local server such as Ollama (no key needed) (openai)",
  ],
  [
    "ANTHROPIC_API_KEY=sk-ant-…",
    "Anthropic's Claude (ANTHROPIC_MODEL picks the model) (anthropic)",
  ],
];
const TOOLS: readonly SettingRow[] = [["SERPAPI_API_KEY=…", "web search through SerpApi (search)"]];
const OFFER = { what: "Qwen2.5 1.5B Instruct (Q4_K_M), 1.12 GB", ready: false };

/** The rows inside the screen's border and padding. */
function inside(frame: string) {
  return frame
    .split("\n")
    .filter((row) => row.startsWith("│"))
    .map((row) => row.slice(2, -2).trimEnd());
}

/**
 * The rows of a setting's description: beside the setting or below it, in a column of
 * its own (every row of it starts at that column).
 */
function description(rows: readonly string[], setting: string) {
  const at = rows.findIndex((row) => row.trimStart().startsWith(setting));
  expect(at, `${setting} in\n${rows.join("\n")}`).toBeGreaterThan(-1);
  const first = rows[at] ?? "";
  const beside = first.slice(first.indexOf(setting) + setting.length).trimStart();
  const row = beside ? at : at + 1;
  const column = beside
    ? first.lastIndexOf(beside)
    : (rows[row]?.length ?? 0) - (rows[row]?.trimStart().length ?? 0);
  const lines: string[] = [];
  for (let index = row; index < rows.length; index++) {
    const current = rows[index] ?? "";
    if (index > row && current.slice(0, column).trim() !== "") break;
    if (index > row && current[column] === " ") break;
    const text = current.slice(column);
    if (!text) break;
    lines.push(text);
  }
  return lines;
}

describe("SetupScreen", () => {
  it("says exactly what to set, for OpenAI and for a local server", async () => {
    const frame = (
      await renderUi(<SetupScreen reason="No LLM is configured." settings={SETTINGS} />)
    ).frame();
    expect(frame).toContain("No LLM is configured.");
    expect(frame).toContain("OPENAI_API_KEY=");
    expect(frame).toContain("OPENAI_BASE_URL=http://localhost:11434/v1");
    expect(frame).toContain("Ollama");
    expect(frame).toContain("--llm script:");
    expect(frame).toContain("Press any key to quit");
  });

  it.each([120, 100, 80, 64, 50])(
    "wraps at words, each description in its own column, at %i columns",
    async (columns) => {
      const ui = await renderUi(
        <SetupScreen
          reason="No LLM is configured."
          settings={SETTINGS}
          toolSettings={TOOLS}
          offer={OFFER}
        />,
        { columns, rows: 60 },
      );
      const frame = ui.frame();
      for (const row of frame.split("\n")) expect(row.length).toBeLessThanOrEqual(columns);
      const rows = inside(frame);
      for (const [setting, what] of [...SETTINGS, ...TOOLS]) {
        const drawn = description(rows, setting);
        // Rejoined, the rows are the description: no word cut, no stray space at a row's start.
        expect(drawn.join(" "), `${what} at ${columns} columns:\n${frame}`).toBe(what);
      }
      const offer = `to download ${OFFER.what}, and run it here: offline, no key`;
      expect(description(rows, "Press D").join(" ")).toBe(offer);
      const sentence = "Set one of these in the shell or in .env in this folder, then start again:";
      const start = rows.findIndex((row) => row.startsWith("Set one"));
      const wrapped = rows.slice(start, start + 3).filter((row) => row && !row.startsWith(" "));
      expect(wrapped.join(" ").slice(0, sentence.length)).toBe(sentence);
    },
  );

  it("keeps every word whole at 40 columns, where only the longest setting itself is cut", async () => {
    const ui = await renderUi(
      <SetupScreen reason="No LLM is configured." settings={SETTINGS} toolSettings={TOOLS} />,
      { columns: 40, rows: 60 },
    );
    const frame = ui.frame();
    for (const row of frame.split("\n")) expect(row.length).toBeLessThanOrEqual(40);
    const words = new Set(inside(frame).flatMap((row) => row.trim().split(/ +/)));
    for (const [, what] of [...SETTINGS, ...TOOLS]) {
      for (const word of what.split(" ")) expect(words, `${word} in\n${frame}`).toContain(word);
    }
  });
});
