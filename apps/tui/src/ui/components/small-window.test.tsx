import { describe, expect, it } from "vitest";
import { KEYS, renderUi, scriptedChat } from "../../test-support/render-ui.js";
import { App } from "./app.js";

describe("small windows", () => {
  it("below 40×12 says so in one line, takes only Ctrl+C, and comes back when the window grows", async () => {
    const ui = await renderUi(<App service={scriptedChat([])} />, { columns: 30, rows: 10 });
    expect(ui.frame()).toBe("Too small: 30×10, needs 40×12");
    await ui.resize(36, 10);
    expect(ui.frame()).toBe("Too small: 36×10, needs 40×12");
    await ui.type("typed while too small");
    await ui.resize(40, 12);
    const frame = await ui.waitFor("How can I help?");
    expect(frame).not.toContain("typed while too small");
    expect(frame.split("\n")).toHaveLength(12);
  });

  it("shows one pane at a time in a short window, saying Tab shows the other", async () => {
    const ui = await renderUi(<App service={scriptedChat([" ok\nFinal Answer: fine"])} />, {
      columns: 80,
      rows: 16,
    });
    await ui.type("q\r");
    let frame = await ui.waitFor(/│ fine\s+│/);
    expect(frame).toContain("▸ Conversation · Tab: trace");
    expect(frame).not.toContain("Trace");
    expect(frame.split("\n")).toHaveLength(16);
    await ui.press(KEYS.tab);
    frame = await ui.waitFor("Final Answer: fine");
    expect(frame).toContain("▸ Trace · Tab: conversation");
    expect(frame).not.toContain("Conversation ·");
  });
});
