import { mkdirSync, readdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { tempDir, writeScript } from "../test-support/cli.js";
import { TERMINAL_TEST_TIMEOUT, Terminal } from "../test-support/terminal.js";

describe("the terminal UI in a real terminal (tmux)", { timeout: TERMINAL_TEST_TIMEOUT }, () => {
  const terminals: Terminal[] = [];
  afterEach(() => {
    for (const terminal of terminals.splice(0)) terminal.kill();
  });
  function terminal() {
    const created = new Terminal();
    terminals.push(created);
    return created;
  }

  it("answers with the whole trace shown, cancels a slow step with Esc, and quits with Ctrl+C", async () => {
    const screen = terminal();
    const script = writeScript(screen.directory, [
      " I need to use a calculator for this\nAction: calculator\nAction Input: 25^(1/2)",
      " I now know the final answer\nFinal Answer: The square root of 25 is 5.",
      // The follow-up is rewritten from the history first (memory), then the slow step.
      "What is something slow?",
      { text: " This takes a while\nFinal Answer: too late", delayMs: 60_000 },
    ]);
    screen.start(["--llm", `script:${script}`]);
    await screen.ask("What is the square root of 25?");
    // The answer joins the conversation once the run has ended.
    const answered = await screen.waitFor(/│ The square root of 25 is 5\.\s+│/);
    expect(answered).toContain("Final Answer: The square root of 25 is 5.");
    expect(answered).toContain("Thought: I need to use a calculator for this");
    expect(answered).toContain("Action: calculator");
    expect(answered).toContain("Action Input: 25^(1/2)");
    expect(answered).toContain("Observation: 5");

    await screen.ask("Something slow");
    await screen.waitFor("Standalone question: What is something slow?");
    await screen.waitFor("waiting for the model");
    screen.send("Escape");
    const cancelled = await screen.waitFor(/│ cancelled[\s\S]*│ cancelled/);
    expect(cancelled).not.toContain("too late");
    expect(cancelled).not.toContain("waiting for the model");
    expect(cancelled).toContain("How can I help?");

    expect(await screen.quit()).toBe(0);
  });

  it("sets the panes side by side from 100 columns, stacks them below, and re-lays out on resize", async () => {
    const screen = terminal();
    const script = writeScript(screen.directory, []);
    screen.start(["--llm", `script:${script}`], { columns: 120, rows: 30 });
    const rowOf = (text: string, lines: string[]) => lines.findIndex((line) => line.includes(text));
    let lines = (await screen.waitFor("How can I help?")).split("\n");
    expect(rowOf("Conversation", lines)).toBe(rowOf("Trace", lines));
    screen.resize(80, 30);
    lines = (await screen.waitFor(/^╭─{78}╮$/m)).split("\n");
    expect(rowOf("Trace", lines)).toBeGreaterThan(rowOf("Conversation", lines));
    screen.resize(120, 30);
    lines = (await screen.waitFor(/^╭─+╮╭─+╮$/m)).split("\n");
    expect(rowOf("Conversation", lines)).toBe(rowOf("Trace", lines));
    expect(await screen.quit()).toBe(0);
  });

  it("asks before quitting while a question runs", async () => {
    const screen = terminal();
    const script = writeScript(screen.directory, [
      { text: " slow\nFinal Answer: x", delayMs: 60_000 },
    ]);
    screen.start(["--llm", `script:${script}`], { columns: 90, rows: 30 });
    await screen.ask("q");
    await screen.waitFor("waiting for the model");
    screen.send("C-c");
    await screen.waitFor("press Ctrl+C again to quit");
    screen.send("C-c");
    expect(await screen.exitStatus()).toBe(0);
  });

  it("leaves the chat on SIGTERM, mid-question, with the signal's status", async () => {
    const screen = terminal();
    const script = writeScript(screen.directory, [
      { text: " slow\nFinal Answer: x", delayMs: 600_000 },
    ]);
    screen.start(["--llm", `script:${script}`]);
    await screen.ask("q");
    await screen.waitFor("waiting for the model");
    screen.signalApp("SIGTERM");
    expect(await screen.exitStatus()).toBe(143);
  });

  it("says where it moved a damaged session file, and goes on with the session", async () => {
    const home = join(tempDir(), "h");
    const screen = new Terminal(undefined, { LANGCHAIN_MINI_HOME: home });
    terminals.push(screen);
    const sessions = join(home, "sessions");
    mkdirSync(sessions, { recursive: true });
    writeFileSync(join(sessions, "notes.jsonl"), "\u0000garbage from a bad disk\n");
    const script = writeScript(screen.directory, [" ok\nFinal Answer: answered anyway"]);
    screen.start(["--session", "notes", "--llm", `script:${script}`], { columns: 99, rows: 30 });
    await screen.waitFor("How can I help?");
    const aside = readdirSync(sessions).find((name) => name.startsWith("notes.jsonl.damaged-"));
    expect(aside).toBeDefined();
    const shown = await screen.waitFor("moved the original to");
    expect(shown).toContain("Session 'notes' had unreadable content");
    expect(shown).toContain(join(sessions, aside ?? ""));
    await screen.ask("q");
    await screen.waitFor(/│ answered anyway\s+│/);
    expect(await screen.quit()).toBe(0);
  });

  it("shows the set-up screen, saying what to set, when no LLM is configured", async () => {
    const screen = terminal();
    // The key is there, but not as NAME=value: the screen says which line, never the key.
    const key = "sk-test-never-shown-5c4b3a";
    writeFileSync(join(screen.directory, ".env"), `OPENAI_API_KEY ${key}\n`);
    screen.start([], { columns: 100, rows: 24 });
    const setup = await screen.waitFor("to quit.");
    expect(setup).toContain("OPENAI_API_KEY=");
    expect(setup).toContain("OPENAI_BASE_URL=http://localhost:11434/v1");
    expect(setup).toContain("ANTHROPIC_API_KEY=sk-ant-…");
    expect(setup).toContain("GEMINI_API_KEY=AIza…");
    expect(setup.replace(/[│\s]+/g, " ")).toContain(
      `${join(screen.directory, ".env")} line 1 is not NAME=value, so it was skipped`,
    );
    expect(setup).not.toContain(key);
    screen.send("q", true);
    expect(await screen.exitStatus()).toBe(2);
  });

  it("leaves the conversation in the scrollback on quit, and a clean screen with --no-transcript", async () => {
    for (const clean of [false, true]) {
      const screen = terminal();
      const script = writeScript(screen.directory, [
        " I need to use a calculator for this\nAction: calculator\nAction Input: 25^(1/2)",
        " I now know the final answer\nFinal Answer: The square root of 25 is **5**.",
      ]);
      const flags = clean ? ["--no-transcript"] : [];
      screen.start(["--llm", `script:${script}`, ...flags], {
        columns: 100,
        rows: 30,
        keepOpen: true,
      });
      await screen.ask("What is the square root of 25?");
      await screen.waitFor("Final Answer: The square root of 25 is **5**.");
      // Ctrl+C once the run has ended: during it, the app would ask first.
      expect(await screen.quit()).toBe(0);
      const left = screen.history();
      expect(left).not.toContain("How can I help?");
      if (clean) {
        expect(left).not.toContain("What is the square root of 25?");
        continue;
      }
      expect(left).toContain("> What is the square root of 25?");
      // The answer as Markdown, then the run's steps and cost.
      expect(left).toMatch(/^The square root of 25 is 5\.$/m);
      expect(left).toMatch(/^2 steps · \d+\.\ds · \d+ in \/ \d+ out tokens$/m);
    }
  });

  it("lays out 80×16 and 40×12 without a row drawn over another, says when a window is too small, and recovers", async () => {
    /** Every pane row closes its border; the question line is whole at the bottom. */
    function expectWhole(screen: string, columns: number) {
      const rows = screen.replace(/\n$/, "").split("\n");
      for (const row of rows) {
        expect(row.length).toBeLessThanOrEqual(columns);
        if (row.startsWith("│")) expect(row, row).toMatch(/│$/);
        if (row.startsWith("╭")) expect(row, row).toMatch(/^╭─.*╮$/);
        if (row.startsWith("╰")) expect(row, row).toMatch(/^╰─+╯$/);
      }
      // The status bar gives up whole parts rather than cut one ("step 1 of 1…").
      expect(rows.at(-4)).not.toContain("…");
      expect(rows.at(-3)).toMatch(/^╭─+╮$/);
      expect(rows.at(-2)).toMatch(/^│ How can I help\? .*│$/);
      expect(rows.at(-1)).toMatch(/^╰─+╯$/);
    }
    for (const [columns, rows] of [
      [80, 16],
      [40, 12],
    ] as const) {
      const screen = terminal();
      const script = writeScript(screen.directory, [
        " I need to multiply\nAction: calculator\nAction Input: 37*41",
        " I now know the final answer\nFinal Answer: 37 times 41 is 1517.",
      ]);
      screen.start(["--llm", `script:${script}`], { columns, rows });
      expectWhole(await screen.waitFor("How can I help?"), columns);
      await screen.ask("What is 37 times 41?");
      const answered = await screen.waitFor(/^│ 37 times 41 is 1517\. +│$/m);
      expectWhole(answered, columns);
      expect(answered).not.toContain("1517.1?");
      // One pane at a time here: Tab shows the trace, whole.
      screen.send("Tab");
      // It follows the end of the trace once measured (the frame after it shows).
      const trace = await screen.waitFor(/▸ Trace[\s\S]*│ Final Answer: 37 times 41 is/);
      expectWhole(trace, columns);
      screen.resize(30, 10);
      const small = await screen.waitFor("Too small: 30×10, needs 40×12");
      expect(small).not.toContain("How can I help?");
      screen.resize(columns, rows);
      expectWhole(await screen.waitFor("How can I help?"), columns);
      expect(await screen.quit()).toBe(0);
    }
  });

  it("Ctrl+R finds an earlier question, and /resume reopens a stored conversation", async () => {
    const home = join(tempDir(), "home");
    const screen = new Terminal(undefined, { LANGCHAIN_MINI_HOME: home });
    terminals.push(screen);
    const script = writeScript(screen.directory, [
      " ok\nFinal Answer: Tenerife is warm",
      "What is the capital of Peru?",
      " ok\nFinal Answer: Lima",
      // After /resume: the follow-up is rewritten from the reopened session's turns.
      "How warm is Tenerife in May?",
      " ok\nFinal Answer: about 22 °C",
    ]);
    screen.start(["--session", "trip", "--llm", `script:${script}`], { columns: 120, rows: 30 });
    await screen.ask("What is the weather in Tenerife?");
    await screen.waitFor(/│ Tenerife is warm/);
    await screen.ask("And the capital of Peru?");
    await screen.waitFor(/│ Lima/);

    screen.send("C-r");
    // Typed once the search is open: keys that reach the app in one read are taken as text.
    await screen.waitFor("type to search earlier questions");
    screen.send("tener", true);
    await screen.waitFor(/Search: tener\s+What is the weather in Tenerife\?/);
    screen.send("Enter");
    await screen.waitFor("How can I help? What is the weather in Tenerife?");
    screen.send("C-u");
    // Typed only once the line is empty: keys that reach the app in one read are taken as text.
    await screen.waitFor(/│ How can I help\? +│/);

    await screen.ask("/new");
    await screen.waitFor("New conversation");
    await screen.ask("/resume");
    const list = await screen.waitFor("Resume a conversation");
    // However long a busy machine took since the session was written.
    expect(list).toMatch(/▸ trip · (just now|\d+ min ago) · 2 turns · And the capital of Peru\?/);
    screen.send("Enter");
    const opened = await screen.waitFor("Session trip: 2 earlier turn(s)");
    expect(opened).toContain("Conversation · trip");
    expect(opened).toContain("> What is the weather in Tenerife?");
    await screen.ask("In May?");
    const answered = await screen.waitFor(/│ about 22 °C/);
    expect(answered).toContain("Standalone question: How warm is Tenerife in May?");
    expect(await screen.quit()).toBe(0);
  });
});
