import { readFileSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { describe, expect, it } from "vitest";
import { runCli, runProgram, tempDir } from "./test-support/cli.js";
import { codeBlocks } from "./test-support/markdown.js";

/**
 * The usage texts in the commands are the one source of the CLI's documentation: a README
 * holds a copy of what `--help` prints, in a code block under the comment
 * `<!-- langchain-mini ask --help -->`, and `pnpm docs:sync` (scripts/docs-sync.js)
 * copies it there again. Here the built CLI's help is compared with every such block.
 */
const ROOT = resolve(import.meta.dirname, "../../..");
const SYNC = join(ROOT, "scripts", "docs-sync.js");
const READMES = {
  "apps/tui/README.md": [
    "",
    "tui",
    "ask",
    "replay",
    "sessions",
    "runs",
    "serve",
    "eval",
    "plugins",
  ],
  "README.md": ["ask"],
};
const FIX = "run pnpm docs:sync to copy the CLI's --help into the README";

const label = (command: string) => `langchain-mini ${command ? `${command} ` : ""}--help`;

async function help(command: string) {
  const result = await runCli([...(command ? [command] : []), "--help"]);
  expect(result.status, result.stderr).toBe(0);
  return result.stdout.replace(/\n$/, "");
}

describe("the READMEs hold each command's --help as the CLI prints it", () => {
  for (const [readme, commands] of Object.entries(READMES)) {
    const blocks = codeBlocks(readFileSync(join(ROOT, readme), "utf8"));

    it.each(commands.map((command) => [label(command), command]))(
      `${readme}: %s`,
      async (_, command) => {
        const marked = blocks.filter((block) => block.note === label(command));
        expect(
          marked.map((block) => block.line),
          `one block of ${label(command)}`,
        ).toHaveLength(1);
        expect(marked[0]?.code, FIX).toBe(await help(command));
      },
    );

    it(`${readme}: no --help block of another command`, () => {
      const marked = blocks.filter((block) => block.note?.endsWith("--help"));
      const expected = commands.map(label);
      expect(marked.map((block) => block.note).sort()).toEqual([...expected].sort());
    });
  }
});

describe("pnpm docs:sync", () => {
  const stale = [
    "# Title",
    "",
    "<!-- langchain-mini sessions --help -->",
    "```text",
    "Usage: langchain-mini sessions (an old text)",
    "```",
    "",
    "Text after the block stays as it is.",
    "",
  ].join("\n");

  it("with --check, names each block that differs and writes nothing (exit 1)", async () => {
    const directory = tempDir();
    writeFileSync(join(directory, "README.md"), stale);
    const result = await runProgram(process.execPath, [SYNC, "--check", "README.md"], {
      cwd: directory,
    });
    expect(result.stdout).toBe(
      "docs-sync: README.md:3: langchain-mini sessions --help: differs from what the CLI prints\n",
    );
    expect(result.stderr).toBe(
      "docs-sync: run pnpm docs:sync to copy the CLI's --help into the READMEs\n",
    );
    expect(result.status).toBe(1);
    expect(readFileSync(join(directory, "README.md"), "utf8")).toBe(stale);
  });

  it("rewrites a stale block from the built CLI, and nothing else", async () => {
    const directory = tempDir();
    writeFileSync(join(directory, "README.md"), stale);
    const result = await runProgram(process.execPath, [SYNC, "README.md"], { cwd: directory });
    expect(result.status, result.stderr).toBe(0);
    expect(result.stdout).toBe(
      "docs-sync: README.md:3: langchain-mini sessions --help: rewritten from the CLI\n",
    );
    const synced = stale.replace(
      "Usage: langchain-mini sessions (an old text)",
      await help("sessions"),
    );
    expect(readFileSync(join(directory, "README.md"), "utf8")).toBe(synced);
    const again = await runProgram(process.execPath, [SYNC, "--check", "README.md"], {
      cwd: directory,
    });
    expect(again.stdout).toBe("docs-sync: every --help block is up to date\n");
    expect(again.status).toBe(0);
  });

  it("says in one line when a marked block is missing (exit 2)", async () => {
    const directory = tempDir();
    writeFileSync(join(directory, "README.md"), "<!-- langchain-mini ask --help -->\nText\n");
    const result = await runProgram(process.execPath, [SYNC, "README.md"], { cwd: directory });
    expect(result.stderr).toBe(
      `docs-sync: ${join(directory, "README.md")}:1: "langchain-mini ask --help" is not followed by a code block (\`\`\`)\n`,
    );
    expect(result.status).toBe(2);
  });
});
