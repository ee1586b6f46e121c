import { createServer } from "node:net";
import { type RedisServer, startRedisServer } from "@langchain-mini/memory-redis/testing";
import { afterEach, describe, expect, it } from "vitest";
import { runCli, writeScript } from "../test-support/cli.js";
import { TERMINAL_TEST_TIMEOUT, Terminal } from "../test-support/terminal.js";

async function closedPort() {
  const server = createServer().listen(0, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
  const { port } = server.address() as { port: number };
  server.close();
  return port;
}

describe("the terminal UI on a Redis store (tmux)", { timeout: TERMINAL_TEST_TIMEOUT }, () => {
  const terminals: Terminal[] = [];
  const servers: RedisServer[] = [];
  afterEach(async () => {
    for (const terminal of terminals.splice(0)) terminal.kill();
    await Promise.all(servers.splice(0).map((server) => server.close()));
  });

  it("opens a Redis session with its earlier turns, and keeps the new one there", async () => {
    const server = await startRedisServer();
    servers.push(server);
    const env = { LANGCHAIN_MINI_STORE: server.url };
    const screen = new Terminal(undefined, env);
    terminals.push(screen);
    const first = writeScript(screen.directory, [" ok\nFinal Answer: Paris"], "first.json");
    // The first turn, from ask: the terminal UI shows it when it opens the session.
    const asked = await runCli(
      [
        "ask",
        "--session",
        "trip",
        "--tools",
        "calculator",
        "--llm",
        `script:${first}`,
        "Capital of France?",
      ],
      { cwd: screen.directory, env },
    );
    expect(asked.status).toBe(0);

    const script = writeScript(screen.directory, [
      " What is the capital of Italy?",
      " ok\nFinal Answer: Rome",
    ]);
    screen.start(["--session", "trip", "--tools", "calculator", "--llm", `script:${script}`]);
    const opened = await screen.waitFor("How can I help?");
    expect(opened).toContain("Capital of France?");
    await screen.ask("And Italy?");
    await screen.waitFor(/│ Rome\s+│/);
    expect(await screen.quit()).toBe(0);

    const shown = await runCli(["sessions", "show", "trip"], { cwd: screen.directory, env });
    expect(shown.stdout).toBe(
      "Q: Capital of France?\nA: Paris\nQ: And Italy?\n   (asked as: What is the capital of Italy?)\nA: Rome\n",
    );
  });

  it("starts the chat without the history when Redis is down, saying so, and still answers", async () => {
    const url = `redis://127.0.0.1:${await closedPort()}/0`;
    const screen = new Terminal(undefined, { LANGCHAIN_MINI_STORE: url });
    terminals.push(screen);
    const script = writeScript(screen.directory, [" ok\nFinal Answer: answered anyway"]);
    screen.start(["--session", "notes", "--tools", "calculator", "--llm", `script:${script}`], {
      columns: 110,
      rows: 32,
    });
    const started = await screen.waitFor("How can I help?");
    // The notice wraps in the conversation pane, beside the trace pane.
    expect(started).toContain("Cannot load session 'notes'");
    expect(started.replace(/[│\s]+/g, " ")).toContain("refused: check that Redis is running");
    expect(started.replace(/[│\s]+/g, " ")).toContain(
      "(starting without the conversation's history)",
    );
    await screen.ask("q");
    await screen.waitFor(/│ answered anyway\s+│/);
    expect(await screen.quit()).toBe(0);
  });
});
