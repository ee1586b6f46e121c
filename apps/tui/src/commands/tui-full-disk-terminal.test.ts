import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { tempDir, writeScript } from "../test-support/cli.js";
import { TERMINAL_TEST_TIMEOUT, Terminal } from "../test-support/terminal.js";

const turn = (question: string, answer: string) =>
  `${JSON.stringify({ type: "turn", question, answer, at: "2026-01-01T00:00:00.000Z" })}\n`;

describe("the terminal UI on a disk that fills up (tmux)", {
  timeout: TERMINAL_TEST_TIMEOUT,
}, () => {
  const terminals: Terminal[] = [];
  afterEach(() => {
    for (const terminal of terminals.splice(0)) terminal.kill();
  });

  it("warns that the turn was not saved, keeps the session file as it was, and stays open", async () => {
    const home = join(tempDir(), "h");
    const screen = new Terminal(undefined, { LANGCHAIN_MINI_HOME: home });
    terminals.push(screen);
    const sessions = join(home, "sessions");
    mkdirSync(sessions, { recursive: true });
    const before = turn("q0", "a".repeat(900));
    writeFileSync(join(sessions, "full.jsonl"), before);
    const script = writeScript(screen.directory, [
      " q1 standalone",
      ` ok\nFinal Answer: ${"b".repeat(300)}`,
    ]);
    // Two 512-byte blocks: the stored turn fits, the new one does not. Past the limit the
    // kernel sends SIGXFSZ, which must not end the app half way through the write.
    screen.start(["--session", "full", "--llm", `script:${script}`], { fileSizeLimitBlocks: 2 });
    await screen.ask("q1");
    await screen.waitFor("Cannot save to session 'full'");
    expect(readFileSync(join(sessions, "full.jsonl"), "utf8")).toBe(before);
    // The app goes on: it takes the next question, and quits at once once that run ended.
    await screen.ask("q2");
    await screen.waitFor(/> q2/);
    expect(await screen.quit()).toBe(0);
  });
});
