import { execFileSync, spawnSync } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { CLI, tempDir, writeScript } from "../test-support/cli.js";

/**
 * The built CLI in a real terminal: tmux gives it a pseudo-terminal of a known size,
 * `send-keys` types, `capture-pane -p` reads the screen. `.ci/run` installs tmux.
 */
class Terminal {
  readonly #socket = `langchain-mini-test-${process.pid}-${Math.random().toString(36).slice(2)}`;
  readonly statusFile: string;

  constructor(readonly directory: string) {
    this.statusFile = join(directory, "exit-status");
  }

  start(args: readonly string[], { columns = 120, rows = 36 } = {}) {
    const command = [process.execPath, CLI, ...args].map(quote).join(" ");
    // The shell records the exit status once the app is gone, so the test can read it.
    const shell = `cd ${quote(this.directory)} && ${command}; echo $? > ${quote(this.statusFile)}`;
    this.#tmux("new-session", "-d", "-x", String(columns), "-y", String(rows), shell);
  }

  screen() {
    return this.#tmux("capture-pane", "-p");
  }

  /** Keys by tmux name (Enter, Escape, C-c), or text with `literal`. */
  send(keys: string, literal = false) {
    this.#tmux("send-keys", ...(literal ? ["-l", keys] : [keys]));
  }

  async waitFor(text: string | RegExp, timeoutMs = 10_000) {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const screen = this.screen();
      if (typeof text === "string" ? screen.includes(text) : text.test(screen)) return screen;
      if (Date.now() > deadline)
        throw new Error(`Timed out waiting for ${String(text)}:\n${screen}`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }

  async exitStatus(timeoutMs = 10_000) {
    const deadline = Date.now() + timeoutMs;
    while (!existsSync(this.statusFile)) {
      if (Date.now() > deadline) throw new Error(`The app did not exit:\n${this.screen()}`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    return Number(readFileSync(this.statusFile, "utf8").trim());
  }

  kill() {
    spawnSync("tmux", ["-L", this.#socket, "kill-server"]);
  }

  #tmux(...args: string[]) {
    // A server of our own, no user config, and an environment with no keys in it.
    return execFileSync("tmux", ["-L", this.#socket, "-f", "/dev/null", ...args], {
      encoding: "utf8",
      env: { PATH: process.env.PATH ?? "", HOME: this.directory, TERM: "xterm-256color" },
    });
  }
}

const quote = (text: string) => `'${text.replaceAll("'", `'\\''`)}'`;

const hasTmux = spawnSync("tmux", ["-V"]).status === 0;

describe("the terminal UI in a real terminal (tmux)", () => {
  const terminals: Terminal[] = [];
  afterEach(() => {
    for (const terminal of terminals.splice(0)) terminal.kill();
  });
  function terminal() {
    if (!hasTmux)
      throw new Error("These tests need tmux: apt-get install tmux (.ci/run does this)");
    const created = new Terminal(tempDir());
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
    await screen.waitFor("How can I help?");

    screen.send("What is the square root of 25?", true);
    screen.send("Enter");
    const answered = await screen.waitFor("Final Answer: The square root of 25 is 5.");
    expect(answered).toContain("Thought: I need to use a calculator for this");
    expect(answered).toContain("Action: calculator");
    expect(answered).toContain("Action Input: 25^(1/2)");
    expect(answered).toContain("Observation: 5");
    expect(answered).toMatch(/│ The square root of 25 is 5\.\s+│/);

    screen.send("Something slow", true);
    screen.send("Enter");
    await screen.waitFor("Standalone question: What is something slow?");
    await screen.waitFor("waiting for the model");
    screen.send("Escape");
    const cancelled = await screen.waitFor(/│ cancelled[\s\S]*│ cancelled/);
    expect(cancelled).not.toContain("too late");
    expect(cancelled).not.toContain("waiting for the model");
    expect(cancelled).toContain("How can I help?");

    screen.send("C-c");
    expect(await screen.exitStatus()).toBe(0);
  });

  it("asks before quitting while a question runs", async () => {
    const screen = terminal();
    const script = writeScript(screen.directory, [
      { text: " slow\nFinal Answer: x", delayMs: 60_000 },
    ]);
    screen.start(["--llm", `script:${script}`], { columns: 90, rows: 30 });
    await screen.waitFor("How can I help?");
    screen.send("q", true);
    screen.send("Enter");
    await screen.waitFor("waiting for the model");
    screen.send("C-c");
    await screen.waitFor("press Ctrl+C again to quit");
    screen.send("C-c");
    expect(await screen.exitStatus()).toBe(0);
  });

  it("shows the set-up screen, saying what to set, when no LLM is configured", async () => {
    const screen = terminal();
    screen.start([], { columns: 100, rows: 24 });
    const setup = await screen.waitFor("Press any key to quit");
    expect(setup).toContain("OPENAI_API_KEY=");
    expect(setup).toContain("OPENAI_BASE_URL=http://localhost:11434/v1");
    screen.send("q", true);
    expect(await screen.exitStatus()).toBe(2);
  });
});
