import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { writeScript } from "../test-support/cli.js";
import { TERMINAL_TEST_TIMEOUT, Terminal } from "../test-support/terminal.js";

// A call's input may hold text shaped like a key next to what matters (the path a call
// writes to): the approval prompt shows all of it, and labels only the user's own secrets.

const KEY = "terminal-approval-secret-5c2e8b1a";
const WRITER = `import { writeFileSync } from "node:fs";
export const createTools = () => [{ name: "writer", description: "Writes a file.",
  execute(input) { const { path, content } = JSON.parse(input); writeFileSync(path, content); return "written"; } }];`;

function writeCall(directory: string) {
  const folder = join(directory, "sk-proj-abcdefghijklmnopqrstuvwx");
  mkdirSync(folder);
  const path = join(folder, "notes.txt");
  const content = `Authorization: Bearer abcdefghijklmnop and ${KEY}`;
  const call = ` I will write it.\nAction: writer\nAction Input: ${JSON.stringify({ path, content })}`;
  return { path, content, call };
}

describe("what an approval prompt shows (tmux)", { timeout: TERMINAL_TEST_TIMEOUT }, () => {
  const terminals: Terminal[] = [];
  afterEach(() => {
    for (const terminal of terminals.splice(0)) terminal.kill();
  });

  it("ask: the whole path beside key-shaped text, the user's key labelled", async () => {
    const screen = new Terminal(undefined, { OPENAI_API_KEY: KEY });
    terminals.push(screen);
    const { path, content, call } = writeCall(screen.directory);
    const script = writeScript(screen.directory, [call, " Done\nFinal Answer: written"]);
    writeFileSync(join(screen.directory, "writer.mjs"), WRITER);
    screen.start(
      [
        "ask",
        "--llm",
        `script:${script}`,
        "--tools",
        "./writer.mjs",
        "--approval",
        "always",
        "Write it",
      ],
      { columns: 200, rows: 40, keepOpen: true },
    );
    const asked = await screen.waitFor("[y]es, [a]lways writer, [n]o:");
    expect(asked).toContain(`"path": "${path}"`);
    expect(asked).toContain(
      '"content": "Authorization: Bearer abcdefghijklmnop and [secret OPENAI_API_KEY]"',
    );
    expect(asked).not.toContain(KEY);
    screen.send("y", true);
    screen.send("Enter");
    await screen.waitFor(/^written$/m);
    expect(readFileSync(path, "utf8")).toBe(content);
    expect(await screen.exitStatus()).toBe(0);
  });

  it("the terminal UI: the same call shows the same whole path", async () => {
    const screen = new Terminal(undefined, { OPENAI_API_KEY: KEY });
    terminals.push(screen);
    const { path, call } = writeCall(screen.directory);
    const script = writeScript(screen.directory, [call, " Done\nFinal Answer: declined it"]);
    writeFileSync(join(screen.directory, "writer.mjs"), WRITER);
    screen.start(["--llm", `script:${script}`, "--tools", "./writer.mjs", "--approval", "always"], {
      columns: 200,
      rows: 40,
    });
    await screen.waitFor("How can I help?");
    screen.send("Write it", true);
    screen.send("Enter");
    const asked = await screen.waitFor("Run writer?");
    expect(asked).toContain(`"path": "${path}"`);
    expect(asked).toContain("[secret OPENAI_API_KEY]");
    expect(asked).not.toContain(KEY);
    screen.send("n", true);
    await screen.waitFor("A note for the model");
    screen.send("Enter");
    await screen.waitFor(/│ declined it/);
    expect(existsSync(path)).toBe(false);
    screen.send("C-c");
    expect(await screen.exitStatus()).toBe(0);
  });
});
