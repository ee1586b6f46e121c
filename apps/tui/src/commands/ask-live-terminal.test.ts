import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterEach, describe, expect, it } from "vitest";
import { runCli } from "../test-support/cli.js";
import { TERMINAL_TEST_TIMEOUT, Terminal } from "../test-support/terminal.js";

// A model that streams the first words of its Thought, then holds until the test lets it go
// (HOLD_UNTIL), and answers 405.
const HELD_LLM = `${fileURLToPath(new URL("../test-support/waiting-llm.mjs", import.meta.url))}:405`;
const QUESTION = "How many five year periods are in 2023?";
const SPINNER = /[⠋⠙⠹⠸⠼⠴⠦⠧⠇⠏]/;
// The live line: a spinner, the seconds so far, the model, and its text as it streams.
const LIVE = /[⠋⠙⠹⠸⠼⠴⠦⠧⠇⠏] (\d+\.\d)s 405: I now know/;

describe("ask on a terminal shows the model at work (tmux)", {
  timeout: TERMINAL_TEST_TIMEOUT,
}, () => {
  const terminals: Terminal[] = [];
  afterEach(() => {
    for (const terminal of terminals.splice(0)) terminal.kill();
  });

  it("streams the Thought under a spinner with the time, then leaves the trace as it was", async () => {
    const screen = new Terminal();
    terminals.push(screen);
    const release = join(screen.directory, "release");
    const answer = join(screen.directory, "answer.txt");
    writeFileSync(join(screen.directory, ".env"), `HOLD_UNTIL=${release}\n`);
    screen.start(["ask", "--llm", HELD_LLM, "--tools", "calculator", QUESTION], {
      columns: 160,
      keepOpen: true,
      stdoutFile: answer,
    });
    const first = await screen.waitFor(LIVE);
    const seconds = Number(LIVE.exec(first)?.[1]);
    // The time goes on while the model holds.
    await screen.waitFor((shown) => Number(LIVE.exec(shown)?.[1]) > seconds);
    writeFileSync(release, "");
    await screen.waitFor("Final Answer: 405");
    expect(await screen.exitStatus()).toBe(0);
    const last = screen.screen();
    // The trace as without a live line: the Thought whole, once; no spinner left behind.
    expect(last).toContain("Thought: I now know the final answer");
    expect(last.match(/Thought:/g)).toHaveLength(1);
    expect(last).not.toMatch(SPINNER);
    // Standard output, piped to a file, holds the answer alone.
    expect(readFileSync(answer, "utf8")).toBe("405\n");
  });

  it("leaves ^C on a line of its own when Ctrl+C stops the model, and no spinner", async () => {
    const screen = new Terminal();
    terminals.push(screen);
    // Never released: the model holds until the stop.
    writeFileSync(
      join(screen.directory, ".env"),
      `HOLD_UNTIL=${join(screen.directory, "never")}\n`,
    );
    screen.start(["ask", "--llm", HELD_LLM, "--tools", "calculator", QUESTION], {
      keepOpen: true,
    });
    await screen.waitFor(LIVE);
    screen.send("C-c");
    expect(await screen.exitStatus()).toBe(130);
    const last = await screen.waitFor("stopped by SIGINT");
    const rows = last.split("\n");
    expect(rows).toContain("^C");
    expect(rows).toContain("langchain-mini: stopped by SIGINT");
    expect(last).not.toMatch(SPINNER);
  });

  it("keeps the line off a piped stderr: the trace is plain text", async () => {
    const result = await runCli(["ask", "--llm", HELD_LLM, QUESTION]);
    expect(result.status).toBe(0);
    expect(result.stdout).toBe("405\n");
    expect(result.stderr).toContain("Thought: I now know the final answer");
    expect(result.stderr).not.toMatch(SPINNER);
    expect(result.stderr).not.toContain("\u001b");
  });
});
