import { describe, expect, it } from "vitest";
import { runCli } from "../test-support/cli.js";

describe("langchain-mini with no command", () => {
  it("does not start the UI without a terminal and says to use ask (exit 2)", async () => {
    const result = await runCli([]);
    expect(result.status).toBe(2);
    expect(result.stdout).toBe("");
    expect(result.stderr).toBe(
      "langchain-mini: the terminal UI needs a terminal on stdin and stdout; in scripts and pipes use: langchain-mini ask [options] <question...>\n",
    );
  });

  it("takes ask's options, and says so in tui --help", async () => {
    const piped = await runCli(["--llm", "script:answers.json", "--max-steps", "3"]);
    expect(piped.status).toBe(2);
    expect(piped.stderr).toContain("use: langchain-mini ask");
    const help = await runCli(["tui", "--help"]);
    expect(help.status).toBe(0);
    for (const option of ["--llm", "--tools", "--max-steps", "--session"]) {
      expect(help.stdout).toContain(option);
    }
  });

  it("rejects an unknown option in one line", async () => {
    const result = await runCli(["--frobnicate"]);
    expect(result.status).toBe(2);
    expect(result.stderr).toMatch(/^langchain-mini: Unknown option '--frobnicate': see --help\n$/);
    // Before the terminal is looked for: the hint comes in a pipe too.
    const model = await runCli(["--model", "gpt-4o"]);
    expect(model.status).toBe(2);
    expect(model.stderr).toBe(
      "langchain-mini: Unknown option '--model': did you mean --llm openai:gpt-4o?\n",
    );
    const replay = await runCli(["replay", "--txt", "run.jsonl"]);
    expect(replay.stderr).toBe("langchain-mini: Unknown option '--txt': did you mean --text?\n");
  });
});
