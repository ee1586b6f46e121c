import { afterEach, describe, expect, it } from "vitest";
import { writeScript } from "./test-support/cli.js";
import { TERMINAL_TEST_TIMEOUT, Terminal } from "./test-support/terminal.js";

describe("Ctrl+C in a terminal (tmux)", { timeout: TERMINAL_TEST_TIMEOUT }, () => {
  const terminals: Terminal[] = [];
  afterEach(() => {
    for (const terminal of terminals.splice(0)) terminal.kill();
  });

  it("starts what ask says after the terminal's ^C on a line of its own", async () => {
    const screen = new Terminal();
    terminals.push(screen);
    const script = writeScript(screen.directory, [
      { text: " slow\nFinal Answer: too late", delayMs: 600_000 },
    ]);
    const ask = ["ask", "--tools", "calculator", "--llm", `script:${script}`, "Something slow"];
    screen.start(ask, { columns: 100, rows: 20, keepOpen: true });
    await screen.waitFor("Question: Something slow");
    screen.send("C-c");
    expect(await screen.exitStatus()).toBe(130);
    const rows = (await screen.waitFor("stopped by SIGINT")).split("\n");
    // The terminal echoes ^C where the cursor was; our lines begin below it.
    expect(rows).toContain("^C");
    expect(rows).toContain("Error: The run was cancelled");
    expect(rows).toContain("langchain-mini: stopped by SIGINT");
  });
});
