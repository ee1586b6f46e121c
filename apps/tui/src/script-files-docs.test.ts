import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { describe, expect, it } from "vitest";
import { runCli, tempDir } from "./test-support/cli.js";
import { codeBlocks, section, shellWords } from "./test-support/markdown.js";

/**
 * The README's "Script files" section is the format's documentation, whole. Its JSON
 * blocks are the example files under examples/scripts (each named in a `<!-- from … -->`
 * line), every example file is shown and run there by a command that this test runs as
 * written through the built CLI, and its block of mistakes is what the CLI prints.
 */
const ROOT = resolve(import.meta.dirname, "../../..");
const EXAMPLES = "examples/scripts";
const README = readFileSync(join(import.meta.dirname, "../README.md"), "utf8");
const { text, firstLine } = section(README, "## Script files");
const blocks = codeBlocks(text, firstLine);
const commands = blocks
  .filter((block) => block.language === "sh")
  .flatMap((block) => block.code.split("\n"))
  .filter((line) => line.startsWith("langchain-mini "));
const exampleFiles = readdirSync(join(ROOT, EXAMPLES)).filter((name) => name.endsWith(".json"));

/**
 * Each mistake the section lists, in its order: the script file `answers.json` (none if
 * left out) and the options after `ask --tools calculator --llm script:answers.json`.
 */
const MISTAKES: ReadonlyArray<{ script?: string; options: string[]; status: number }> = [
  { options: ["--llm", "script:"], status: 2 },
  { options: [], status: 2 },
  { script: '[" I need to divide.",', options: [], status: 2 },
  {
    script: '{ "text": " I now know the final answer.\\nFinal Answer: 405" }',
    options: [],
    status: 2,
  },
  { script: '[" I need to divide.", { "delayMs": 500 }]', options: [], status: 2 },
  {
    script: '[" I need to divide.\\nAction: calculator\\nAction Input: 2023/5"]',
    options: [],
    status: 1,
  },
  {
    script: '[{ "toolCalls": [{ "name": "calculator", "arguments": { "input": "2023/5" } }] }]',
    options: [],
    status: 2,
  },
  {
    script: '[" I need to divide.\\nAction: calculator\\nAction Input: 2023/5"]',
    options: ["--agent", "tools"],
    status: 2,
  },
];

describe("the README's script files", () => {
  it("shows each example file whole, and every one of them", () => {
    const shown = blocks.filter((block) => block.language === "json");
    for (const block of shown) {
      const source = block.note?.replace(/^from /, "");
      expect(source, `README line ${block.line}: name the example in <!-- from … -->`).toMatch(
        new RegExp(`^${EXAMPLES}/[\\w-]+\\.json$`),
      );
      const file = readFileSync(join(ROOT, source ?? ""), "utf8");
      expect(block.code, `README line ${block.line}: copy ${source} again`).toBe(file.trimEnd());
    }
    expect(shown.map((block) => block.note).sort()).toEqual(
      exampleFiles.map((name) => `from ${EXAMPLES}/${name}`).sort(),
    );
  });

  it("runs every example file with a command", () => {
    const run = exampleFiles.filter((name) =>
      commands.some((command) => command.includes(`script:${EXAMPLES}/${name}`)),
    );
    expect(run).toEqual(exampleFiles);
  });

  it.each(commands)("answers with the script's final answer: %s", async (command) => {
    const result = await runCli(shellWords(command).slice(1), { cwd: ROOT });
    expect(result.status, result.stderr).toBe(0);
    expect(result.stdout).not.toBe("");
    expect(result.stderr).toContain(`Final Answer: ${result.stdout.trimEnd()}\n`);
  });

  const listed = blocks.filter((block) => block.language === "text");

  it("lists the mistakes in one text block, a line each", () => {
    expect(listed.map((block) => block.line)).toHaveLength(1);
    expect(listed[0]?.code.split("\n")).toHaveLength(MISTAKES.length);
  });

  it.each(MISTAKES.map((mistake, index) => [index + 1, mistake] as const))(
    "mistake %i reads as the CLI reports it, in one line",
    async (position, { script, options, status }) => {
      const directory = tempDir();
      if (script !== undefined) writeFileSync(join(directory, "answers.json"), script);
      // A later --llm wins over the first.
      const args = ["ask", "--tools", "calculator", "--llm", "script:answers.json", ...options];
      const result = await runCli([...args, "How many five year periods are in 2023?"], {
        cwd: directory,
      });
      expect(result.status, result.stderr).toBe(status);
      expect(result.stderr).not.toMatch(/\n\s+at /);
      const reported = result.stderr.trimEnd().split("\n").at(-1);
      const shown = listed[0]?.code.split("\n")[position - 1];
      expect(shown).toBe(reported?.replaceAll(directory, "/home/me"));
    },
  );
});
