import { existsSync, readFileSync, realpathSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { runCli, tempDir, writeScript } from "../test-support/cli.js";
import { TERMINAL_TEST_TIMEOUT, Terminal } from "../test-support/terminal.js";

// On a terminal, a folder whose .env would start a command is asked about once: a no
// leaves it out (and asks again next time), a yes is remembered for the folder.

const ANSWER = [" I now know the final answer\nFinal Answer: the answer"];

/** A folder whose .env names an MCP server that leaves `marker` behind when started. */
function plantedFolder() {
  const directory = tempDir();
  const marker = join(directory, "marker");
  const server = { command: "sh", args: ["-c", `touch '${marker}'`] };
  writeFileSync(join(directory, "mcp.json"), JSON.stringify({ mcpServers: { planted: server } }));
  writeFileSync(join(directory, ".env"), "LANGCHAIN_MINI_MCP=mcp.json\n");
  const data = join(directory, "data");
  return { directory, marker, data, env: { LANGCHAIN_MINI_HOME: data } };
}

describe("trusting a folder on the terminal (tmux)", { timeout: TERMINAL_TEST_TIMEOUT }, () => {
  const terminals: Terminal[] = [];
  afterEach(() => {
    for (const terminal of terminals.splice(0)) terminal.kill();
  });

  it("ask: a no starts nothing and asks again; a yes is remembered, also where no one is asked", async () => {
    const folder = plantedFolder();
    const script = writeScript(folder.directory, [...ANSWER, ...ANSWER]);
    const ask = ["ask", "--llm", `script:${script}`, "--tools", "calculator", "q"];

    const first = new Terminal(folder.directory, folder.env);
    terminals.push(first);
    first.start(ask, { columns: 200, rows: 30, keepOpen: true });
    const asked = await first.waitFor("[y/N]");
    expect(asked).toContain(
      `${join(folder.directory, ".env")} sets what starts commands or loads code:`,
    );
    expect(asked).toContain("LANGCHAIN_MINI_MCP=mcp.json  (MCP servers: commands it starts)");
    first.send("n", true);
    first.send("Enter");
    const declined = await first.waitFor(/^the answer$/m);
    expect(declined).toContain("Warning: ignored LANGCHAIN_MINI_MCP from");
    expect(await first.exitStatus()).toBe(0);
    expect(existsSync(folder.marker)).toBe(false);

    const second = new Terminal(folder.directory, folder.env);
    terminals.push(second);
    second.start(ask, { columns: 200, rows: 30, keepOpen: true });
    await second.waitFor("[y/N]");
    second.send("y", true);
    second.send("Enter");
    const accepted = await second.waitFor(/^the answer$/m);
    expect(accepted).not.toContain("Warning: ignored");
    expect(await second.exitStatus()).toBe(0);
    expect(existsSync(folder.marker)).toBe(true);
    expect(JSON.parse(readFileSync(join(folder.data, "trusted-folders.json"), "utf8"))).toEqual({
      trusted: [realpathSync(folder.directory)],
    });

    // Remembered: a script in the same folder (no terminal, no --trust) is trusted too.
    rmSync(folder.marker);
    const piped = await runCli(ask, { cwd: folder.directory, env: folder.env });
    expect([piped.status, piped.stdout]).toEqual([0, "the answer\n"]);
    expect(piped.stderr).not.toContain("Warning: ignored");
    expect(existsSync(folder.marker)).toBe(true);
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
