import type { Tool } from "@langchain-mini/core";
import { describe, expect, it } from "vitest";

// Colours are decided when Ink's colour library loads, so it must load after this.
process.env.FORCE_COLOR = "1";
const { KEYS, renderUi, scriptedChat } = await import("../../test-support/render-ui.js");
const { App } = await import("./app.js");

const MAGENTA = "\u001b[35m";
const BLUE = "\u001b[34m";

/** The colour codes in force where `text` starts on a line. */
function colourBefore(frame: string, text: string) {
  const line = frame.split("\n").find((candidate) => candidate.includes(text)) ?? "";
  return line.slice(0, line.indexOf(text));
}

describe("colours", () => {
  it("traces search in purple and the calculator in blue, as seed 001 did", async () => {
    const search: Tool = { name: "search", description: "web", execute: () => "Tenerife: 25 °C" };
    const calculator: Tool = { name: "calculator", description: "maths", execute: () => "77" };
    const service = scriptedChat(
      [
        " look\nAction: search\nAction Input: tenerife",
        " add\nAction: calculator\nAction Input: 25*3+2",
        " done\nFinal Answer: 77",
      ],
      { tools: [search, calculator] },
    );
    const ui = await renderUi(<App service={service} />, { columns: 120, rows: 40 });
    await ui.type("weather?");
    await ui.press(KEYS.enter);
    await ui.waitFor("Final Answer: 77");
    const frame = ui.rawFrame();
    expect(colourBefore(frame, "Observation: ")).toContain(MAGENTA);
    expect(colourBefore(frame, "tenerife")).toContain(MAGENTA);
    expect(colourBefore(frame, "25*3+2")).toContain(BLUE);
    const observations = frame.split("\n").filter((line) => line.includes("Observation: "));
    expect(observations[1]).toContain(BLUE);
  });
});
