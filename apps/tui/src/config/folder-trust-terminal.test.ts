import { existsSync, readFileSync, realpathSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { runCli, tempDir, writeScript } from "../test-support/cli.js";
import { TERMINAL_TEST_TIMEOUT, Terminal } from "../test-support/terminal.js";

// On a terminal, a folder whose .env would start a command is asked about once, and the
// answer is remembered for the folder: a no leaves such settings out, a yes lets them in.

const ANSWER = [" I now know the final answer\nFinal Answer: the answer"];

/** A folder whose .env names an MCP server that leaves `marker` behind when started. */
function plantedFolder() {
  const directory = tempDir();
  const marker = join(directory, "marker");
  const server = { command: "sh", args: ["-c", `touch '${marker}'`] };
  writeFileSync(join(directory, "mcp.json"), JSON.stringify({ mcpServers: { planted: server } }));
  writeFileSync(join(directory, ".env"), "LANGCHAIN_MINI_MCP=mcp.json\n");
  const data = join(directory, "data");
  return { directory, marker, env: { LANGCHAIN_MINI_HOME: data } };
}

describe("trusting a folder on the terminal (tmux)", { timeout: TERMINAL_TEST_TIMEOUT }, () => {
  const terminals: Terminal[] = [];
  afterEach(() => {
    for (const terminal of terminals.splice(0)) terminal.kill();
  });

  it("ask: a no starts nothing and is not asked again; a yes is remembered, also where no one is asked", async () => {
    const data = join(tempDir(), "data");
    const declined = plantedFolder();
    const accepted = plantedFolder();
    const env = { LANGCHAIN_MINI_HOME: data };
    const ask = (directory: string) => {
      const script = writeScript(directory, ANSWER, `script-${Math.random()}.json`);
      return ["ask", "--llm", `script:${script}`, "--tools", "calculator", "q"];
    };
    const run = (directory: string) => {
      const screen = new Terminal(directory, env);
      terminals.push(screen);
      screen.start(ask(directory), { columns: 200, rows: 30, keepOpen: true });
      return screen;
    };

    const first = run(declined.directory);
    const asked = await first.waitFor("[y/N]");
    expect(asked).toContain(
      `${join(declined.directory, ".env")} sets what starts commands or loads code:`,
    );
    expect(asked).toContain("LANGCHAIN_MINI_MCP=mcp.json  (MCP servers: commands it starts)");
    first.send("n", true);
    first.send("Enter");
    expect(await first.exitStatus()).toBe(0);
    expect(first.history()).toMatch(
      /^Warning: ignored LANGCHAIN_MINI_MCP from [^\n]*\n[\s\S]*^the answer$/m,
    );
    // Remembered: the next run in that folder does not ask, and says how to trust it.
    const second = run(declined.directory);
    expect(await second.exitStatus()).toBe(0);
    // The whole history: once the app is gone, tmux's last line may push the first away.
    const told = second.history();
    expect(told).toMatch(/^the answer$/m);
    expect(told).not.toContain("[y/N]");
    expect(told).toContain("you chose not to trust this folder");
    expect(existsSync(declined.marker)).toBe(false);

    const third = run(accepted.directory);
    await third.waitFor("[y/N]");
    third.send("y", true);
    third.send("Enter");
    expect(await third.exitStatus()).toBe(0);
    expect(third.history()).toMatch(/^the answer$/m);
    expect(third.history()).not.toContain("Warning: ignored");
    expect(existsSync(accepted.marker)).toBe(true);
    expect(JSON.parse(readFileSync(join(data, "trusted-folders.json"), "utf8"))).toEqual({
      trusted: [realpathSync(accepted.directory)],
      untrusted: [realpathSync(declined.directory)],
    });

    // A script in the trusted folder (no terminal, no --trust) is trusted too.
    rmSync(accepted.marker);
    const piped = await runCli(ask(accepted.directory), { cwd: accepted.directory, env });
    expect([piped.status, piped.stdout]).toEqual([0, "the answer\n"]);
    expect(piped.stderr).not.toContain("Warning: ignored");
    expect(existsSync(accepted.marker)).toBe(true);
  });

  it("the terminal UI asks before it takes the screen, and says what a no left out", async () => {
    const folder = plantedFolder();
    const script = writeScript(folder.directory, ANSWER);
    const screen = new Terminal(folder.directory, folder.env);
    terminals.push(screen);
    screen.start(["--llm", `script:${script}`, "--tools", "calculator"], {
      columns: 160,
      rows: 40,
    });
    await screen.waitFor("[y/N]");
    screen.send("n", true);
    screen.send("Enter");
    const started = await screen.waitFor("How can I help?");
    expect(started).toContain("ignored LANGCHAIN_MINI_MCP");
    expect(existsSync(folder.marker)).toBe(false);
    screen.send("C-c");
    expect(await screen.exitStatus()).toBe(0);
  });
});
