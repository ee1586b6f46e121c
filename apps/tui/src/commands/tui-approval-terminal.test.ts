import { existsSync, mkdirSync, readFileSync, realpathSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { filesystemStdio } from "@langchain-mini/tool-mcp/testing";
import { afterEach, describe, expect, it } from "vitest";
import { writeScript } from "../test-support/cli.js";
import { TERMINAL_TEST_TIMEOUT, Terminal } from "../test-support/terminal.js";

const write = (path: string, content: string) =>
  ` I will write it.\nAction: files__write_file\nAction Input: ${JSON.stringify({ path, content })}`;

describe("approval of tool calls in the terminal UI (tmux)", {
  timeout: TERMINAL_TEST_TIMEOUT,
}, () => {
  const terminals: Terminal[] = [];
  afterEach(() => {
    for (const terminal of terminals.splice(0)) terminal.kill();
  });

  it("asks before an MCP server's write: one call approved, one declined with a note the model reads", async () => {
    const screen = new Terminal();
    terminals.push(screen);
    // The server resolves symbolic links (/tmp may be one), so paths are given resolved.
    const root = join(realpathSync(screen.directory), "files");
    mkdirSync(root);
    const config = join(screen.directory, "mcp.json");
    writeFileSync(config, JSON.stringify({ mcpServers: { files: filesystemStdio(root) } }));
    const script = writeScript(screen.directory, [
      write(join(root, "a.txt"), "one"),
      write(join(root, "b.txt"), "two"),
      " I now know the final answer\nFinal Answer: wrote a.txt only",
    ]);
    screen.start(["--llm", `script:${script}`, "--tools", "calculator", "--mcp", config], {
      columns: 160,
      rows: 40,
    });
    await screen.ask("Write my two files");

    const first = await screen.waitFor("Run files__write_file?");
    expect(first).toContain('MCP server "files"');
    expect(first).toContain('"content": "one"');
    expect(first).toContain("waiting for your approval");
    expect(existsSync(join(root, "a.txt"))).toBe(false);
    screen.send("y", true);

    await screen.waitFor('"content": "two"');
    expect(readFileSync(join(root, "a.txt"), "utf8")).toBe("one");
    screen.send("n", true);
    await screen.waitFor("A note for the model");
    screen.send("not b.txt, it is mine", true);
    screen.send("Enter");

    const done = await screen.waitFor(/│ wrote a\.txt only/);
    expect(existsSync(join(root, "b.txt"))).toBe(false);
    expect(done).toContain("Approval: approved");
    expect(done).toContain('Approval: declined: "not b.txt, it is mine"');
    expect(done).toContain("How can I help?");

    // The model's next prompt carried the note: the prompt inspector shows it as sent.
    screen.send("C-p");
    await screen.waitFor("LLM call 3 of 3");
    screen.send("End");
    const prompt = await screen.waitFor("── Completion (raw, before parsing) ──");
    expect(prompt.replace(/[│\s]+/g, " ")).toContain(
      "Observation: The user declined to run files__write_file with this input, so it did not run. They said: not b.txt, it is mine",
    );
    screen.send("Escape");
    // Ctrl+C once Esc has closed the inspector: sent in one read, they would be one key.
    await screen.waitFor("▸ Conversation");
    expect(await screen.quit()).toBe(0);
  });

  it("ask on a terminal asks on stderr: --approval always puts even the calculator's call to the user", async () => {
    const screen = new Terminal();
    terminals.push(screen);
    const script = writeScript(screen.directory, [
      " I need to multiply\nAction: calculator\nAction Input: 37*41",
      " I cannot compute it\nFinal Answer: unknown",
    ]);
    const ask = ["ask", "--llm", `script:${script}`, "--approval", "always", "What is 37*41?"];
    // ask ends right after its answer: the pane stays, so the test can read the answer.
    screen.start(ask, { columns: 120, rows: 30, keepOpen: true });
    const asked = await screen.waitFor("[y]es, [a]lways calculator, [n]o:");
    // The question comes after the call it is about.
    expect(asked.indexOf("Action Input: 37*41")).toBeLessThan(asked.indexOf("Run calculator?"));
    screen.send("n", true);
    screen.send("Enter");
    await screen.waitFor("A note for the model");
    screen.send("do it by hand", true);
    screen.send("Enter");
    const done = await screen.waitFor(/^unknown$/m);
    expect(done).toContain('Approval: declined: "do it by hand"');
    expect(done).toContain("Observation: The user declined to run calculator");
    expect(done).not.toContain("Observation: 1517");
    expect(await screen.exitStatus()).toBe(0);
  });
});
