import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import {
  messagesIn,
  processesMatching,
  recordingEverythingStdio,
  waitFor,
} from "@langchain-mini/tool-mcp/testing";
import { afterEach, describe, expect, it } from "vitest";
import { writeScript } from "../test-support/cli.js";
import { TERMINAL_TEST_TIMEOUT, Terminal } from "../test-support/terminal.js";

describe("MCP servers in the terminal UI (tmux)", { timeout: TERMINAL_TEST_TIMEOUT }, () => {
  const terminals: Terminal[] = [];
  afterEach(() => {
    for (const terminal of terminals.splice(0)) terminal.kill();
  });

  /** The app with the everything server (recording what it receives) and a slow step scripted. */
  function start() {
    const screen = new Terminal();
    terminals.push(screen);
    const log = join(screen.directory, "received.jsonl");
    const config = join(screen.directory, "mcp.json");
    writeFileSync(config, JSON.stringify({ mcpServers: { slow: recordingEverythingStdio(log) } }));
    const script = writeScript(screen.directory, [
      ' This takes long.\nAction: slow__trigger-long-running-operation\nAction Input: {"duration": 600, "steps": 600}',
      " I now know the final answer\nFinal Answer: too late",
    ]);
    screen.start(["--llm", `script:${script}`, "--tools", "calculator", "--mcp", config], {
      columns: 160,
      rows: 40,
    });
    const isCall = (message: Record<string, unknown>) => message.method === "tools/call";
    return { screen, log, config, isCall };
  }

  it("lists the server's tools, keeps its stderr off the screen, cancels a call with Esc and stops the server on quit", async () => {
    const { screen, log, isCall } = start();
    const ready = await screen.waitFor("How can I help?");
    expect(ready).not.toContain("Starting default (STDIO) server");
    await screen.ask("/tools");
    await screen.waitFor("slow__get-sum: Returns the sum of two numbers");

    await screen.ask("Run the slow thing");
    await screen.waitFor('Action: slow__trigger-long-running-operation · MCP server "slow"');
    await waitFor(() => messagesIn(log).some(isCall), "the call to reach the server", 45_000);
    screen.send("Escape");
    const cancelled = await screen.waitFor(/│ cancelled/);
    expect(cancelled).not.toContain("too late");
    const call = messagesIn(log).find(isCall);
    await waitFor(
      () =>
        messagesIn(log).some(
          (message) =>
            message.method === "notifications/cancelled" &&
            (message.params as { requestId?: unknown }).requestId === call?.id,
        ),
      "the cancellation to reach the server",
    );

    expect(processesMatching(log)).toHaveLength(1);
    expect(await screen.quit()).toBe(0);
    await waitFor(() => processesMatching(log).length === 0, "the server to be stopped");
  });

  it("stops the server when the app is sent SIGTERM", async () => {
    const { screen, log, config } = start();
    await screen.waitFor("How can I help?");
    // The app itself: Node running the CLI (not the shell tmux started it from).
    const [app] = processesMatching(config).filter(
      (pid) => readFileSync(`/proc/${pid}/cmdline`, "utf8").split("\0")[0] === process.execPath,
    );
    expect(app).toBeDefined();
    expect(processesMatching(log)).toHaveLength(1);
    process.kill(app as number, "SIGTERM");
    expect(await screen.exitStatus()).toBe(143);
    await waitFor(() => processesMatching(log).length === 0, "the server to be stopped");
  });
});
