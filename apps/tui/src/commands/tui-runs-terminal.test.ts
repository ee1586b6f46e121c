import { spawn } from "node:child_process";
import { join } from "node:path";
import { startFakeOpenAi } from "@langchain-mini/llm-openai/testing";
import { afterEach, describe, expect, it } from "vitest";
import { CLI } from "../test-support/cli.js";
import { TERMINAL_TEST_TIMEOUT, Terminal } from "../test-support/terminal.js";

// A run killed mid-answer (kill -9), then the terminal UI: it offers the run on start, and
// `/runs <id>` takes it up where it stopped, without calling the model again for what
// the journal kept.

const act = (input: string) => ` I should count\nAction: calculator\nAction Input: ${input}`;
const FINAL = " I now know the final answer\nFinal Answer: counted to three";

async function until(condition: () => boolean, what: string) {
  const deadline = Date.now() + 120_000;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`Gave up waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe("the terminal UI and interrupted runs (tmux)", { timeout: TERMINAL_TEST_TIMEOUT }, () => {
  const terminals: Terminal[] = [];
  const closers: Array<() => Promise<void>> = [];
  afterEach(async () => {
    for (const terminal of terminals.splice(0)) terminal.kill();
    await Promise.all(closers.splice(0).map((close) => close()));
  });

  it("offers a run killed mid-answer, and /runs takes it up where it stopped", async () => {
    // Each reply depends on how many results the prompt holds; the second step's reply
    // is slow the first time, so that the run can be killed while it waits for it.
    let slowed = false;
    const fake = await startFakeOpenAi((request) => {
      const results = JSON.stringify(request.body).match(/Observation: \d/g)?.length ?? 0;
      if (results >= 2) return { text: FINAL };
      const slow = results === 1 && !slowed;
      if (slow) slowed = true;
      return { text: act(`${results + 1}+1`), ...(slow ? { chunkDelayMs: 60_000 } : {}) };
    });
    closers.push(() => fake.close());
    const screen = new Terminal();
    terminals.push(screen);
    const env = {
      PATH: process.env.PATH ?? "",
      HOME: process.env.HOME ?? "",
      LANGCHAIN_MINI_HOME: join(screen.directory, "home"),
      OPENAI_BASE_URL: fake.baseURL,
    };
    const asked = spawn(
      process.execPath,
      [CLI, "ask", "--llm", "openai:m", "--tools", "calculator", "Count to three"],
      { cwd: screen.directory, env, stdio: "ignore" },
    );
    const gone = new Promise((resolve) => asked.once("close", resolve));
    await until(() => fake.requests.length === 2, "the second step's call");
    asked.kill("SIGKILL");
    await gone;

    const terminal = new Terminal(screen.directory, env);
    terminals.push(terminal);
    terminal.start(["--llm", "openai:m", "--tools", "calculator"]);
    // The pane wraps the offer's line: its id and question on one line, why on the next.
    const offered = await terminal.waitFor(
      (shown) =>
        /\/runs [0-9a-f]{8} {2}“Count to three”/.test(shown) && /\(interrupted/.test(shown),
    );
    const id = /\/runs ([0-9a-f]{8})/.exec(offered)?.[1] ?? "";
    await terminal.ask(`/runs ${id}`);
    await terminal.waitFor("counted to three");
    await terminal.waitForIdle();
    const shown = terminal.screen();
    expect(shown).toMatch(/Resumed: the run was taken up again here/);
    expect(shown).toContain("Action Input: 2+1");

    // The first step's call, which the journal kept, was not made again.
    const completed = fake.requests.filter((request) => !request.closedEarly);
    const prompts = completed.map((request) => JSON.stringify(request.body));
    expect(new Set(prompts).size).toBe(prompts.length);
    expect(completed).toHaveLength(3);
  });
});
