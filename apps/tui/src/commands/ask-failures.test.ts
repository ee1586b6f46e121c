import { writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { describe, expect, it } from "vitest";
import { runCli, tempDir } from "../test-support/cli.js";

const fixtures = resolve(import.meta.dirname, "../../fixtures/scripts");
const script = (name: string) => `script:${join(fixtures, name)}`;
/** Any line of a stack trace. */
const STACK = /\n\s+at /;

describe("ask: usage and configuration errors are exit 2, one line, no stack trace", () => {
  it.each([
    ["a missing script file", "missing.json", "Cannot read the script file {path}: no such file"],
    [
      "a malformed script file",
      "malformed.json",
      `The script file {path} is not valid JSON (Unexpected end of JSON input): it must be a JSON array of replies, each a string (the whole text of one LLM call) or {"text", "toolCalls", "delayMs"}`,
    ],
    [
      "a script file that is not an array",
      "not-an-array.json",
      `The script file {path} must be a JSON array of replies, each a string (the whole text of one LLM call) or {"text", "toolCalls", "delayMs"}`,
    ],
  ])("%s", async (_case, name, message) => {
    const path = join(fixtures, name);
    const result = await runCli(["ask", "--llm", `script:${path}`, "q"]);
    expect(result.status).toBe(2);
    expect(result.stdout).toBe("");
    expect(result.stderr).toBe(`langchain-mini: ${message.replace("{path}", path)}\n`);
  });

  it("names the full path it looked at for every file it cannot find", async () => {
    const directory = tempDir();
    const cases: Array<[string[], string]> = [
      [
        ["ask", "--llm", "script:answers.json", "q"],
        `Cannot read the script file ${join(directory, "answers.json")}: no such file`,
      ],
      [
        ["replay", "run.jsonl"],
        `Cannot read the trace ${join(directory, "run.jsonl")}: no such file`,
      ],
      [
        ["ask", "--llm", "llamacpp:models/tiny.gguf", "q"],
        `Cannot read the model file ${join(directory, "models", "tiny.gguf")}: no such file. Give the path of a .gguf file, or a URL or hf: URI to download one`,
      ],
      [
        ["ask", "--llm", script("seed-000-square-root.json"), "--tools", "./my-tool.js", "q"],
        `No tool module at ./my-tool.js (looked for ${join(directory, "my-tool.js")})`,
      ],
    ];
    for (const [args, message] of cases) {
      const result = await runCli(args, { cwd: directory });
      expect(result.stderr).toBe(`langchain-mini: ${message}\n`);
      expect(result.status).toBe(2);
    }
  });

  it("no --llm says what to set", async () => {
    const result = await runCli(["ask", "What is 2 + 2?"]);
    expect(result.status).toBe(2);
    expect(result.stderr).toMatch(/^langchain-mini: No LLM configured: [^\n]*--llm [^\n]*\n$/);
    expect(result.stderr).toContain("OPENAI_API_KEY");
    expect(result.stderr).toContain("GEMINI_API_KEY (google)");
  });

  it("a .env line that is not NAME=value is named by file and line before the failure it causes", async () => {
    const directory = tempDir();
    const key = "sk-test-never-shown-9f8e7d";
    writeFileSync(join(directory, ".env"), `# keys\nOPENAI_API_KEY ${key}\n`);
    const result = await runCli(["ask", "What is 2 + 2?"], { cwd: directory });
    const lines = result.stderr.split("\n");
    expect(lines[0]).toBe(
      `Warning: ${join(directory, ".env")} line 2 is not NAME=value, so it was skipped: check for a missing '=' or a space in the name`,
    );
    expect(lines[1]).toMatch(/^langchain-mini: No LLM configured: /);
    expect(result.stderr).not.toContain(key);
    expect(result.status).toBe(2);
  });

  it("no question", async () => {
    const result = await runCli(["ask", "--llm", script("seed-000-square-root.json"), "  "]);
    expect(result.status).toBe(2);
    expect(result.stderr).toBe(
      "langchain-mini: No question given: run langchain-mini ask [options] <question...>\n",
    );
  });

  it("an unknown option", async () => {
    const result = await runCli([
      "ask",
      "--colour",
      "--llm",
      script("seed-000-square-root.json"),
      "q",
    ]);
    expect(result.status).toBe(2);
    expect(result.stderr).toBe("langchain-mini: Unknown option '--colour': see --help\n");
  });

  it.each([
    // Other agent tools' spelling of the model, with the provider its name makes plain.
    [["--model", "gpt-4o"], "--model", "--llm openai:gpt-4o"],
    [["--model=claude-haiku-5-5"], "--model", "--llm anthropic:claude-haiku-5-5"],
    [["-m", "gemini-3.8-flash"], "-m", "--llm google:gemini-3.8-flash"],
    [["--model", "mistral-large"], "--model", "--llm <provider>:mistral-large"],
    [["--modle", "openai:gpt-4o"], "--modle", "--llm openai:gpt-4o"],
    // A slip of the finger: the nearest option, with its value when it takes one.
    [["--tool", "calculator"], "--tool", "--tools calculator"],
    [["--max-step", "3"], "--max-step", "--max-steps 3"],
    [["--jsno"], "--jsno", "--json"],
    [["--verb"], "--verb", "--verbose"],
  ])("an option spelt otherwise: %j", async (typed, option, meant) => {
    const result = await runCli(["ask", ...typed, "the question"]);
    expect(result.status).toBe(2);
    expect(result.stdout).toBe("");
    expect(result.stderr).toBe(
      `langchain-mini: Unknown option '${option}': did you mean ${meant}?\n`,
    );
  });

  it("an unknown provider", async () => {
    const result = await runCli(["ask", "--llm", "nope:x", "q"]);
    expect(result.status).toBe(2);
    expect(result.stderr).toMatch(
      /^langchain-mini: Unknown LLM provider 'nope' in --llm: it is neither built in \([^\n]*script[^\n]*\) nor installed[^\n]*\n$/,
    );
  });

  it("a misspelt provider: the nearest built-in first", async () => {
    const result = await runCli(["ask", "--llm", "opanai:gpt-4o", "q"]);
    expect(result.status).toBe(2);
    expect(result.stderr).toMatch(
      /^langchain-mini: Unknown LLM provider 'opanai' in --llm: did you mean openai\? It is neither built in \([^\n]*\) nor installed[^\n]*\n$/,
    );
  });

  it("adds the stack trace only with --debug", async () => {
    const args = ["ask", "--llm", script("missing.json"), "q"];
    expect((await runCli(args)).stderr).not.toMatch(STACK);
    const debug = await runCli([...args, "--debug"]);
    expect(debug.status).toBe(2);
    expect(debug.stderr).toMatch(STACK);
  });
});

describe("ask: runs without an answer are exit 1", () => {
  it("a script that runs out says which call had no reply", async () => {
    const path = join(fixtures, "runs-out.json");
    const result = await runCli(["ask", "--llm", `script:${path}`, "q"]);
    expect(result.status).toBe(1);
    expect(result.stdout).toBe("");
    expect(result.stderr).toContain("Observation: 404.6\n");
    expect(result.stderr.trimEnd().split("\n").at(-1)).toBe(
      `Error: The scripted LLM has no reply for call 2 in ${path}: add one to the script`,
    );
    expect(result.stderr).not.toMatch(STACK);
  });

  it("Ctrl-C during a slow LLM call cancels the run at once", async () => {
    const result = await runCli(["ask", "--llm", script("slow-final-answer.json"), "q"], {
      onSpawn(child) {
        // Interrupt once the first step is done and the slow second reply is pending.
        let seen = "";
        child.stderr?.on("data", (chunk: Buffer | string) => {
          seen += String(chunk);
          // Once: a second Ctrl-C is the user's way to force an exit.
          if (!child.killed && seen.includes("Observation: 404.6")) child.kill("SIGINT");
        });
      },
    });
    // Uncancelled, the 20 s reply would have come and the run answered 404.6 (exit 0).
    expect(result.status).toBe(130);
    expect(result.stdout).toBe("");
    expect(result.stderr.trimEnd().split("\n").slice(-2)).toEqual([
      "Error: The run was cancelled",
      "langchain-mini: stopped by SIGINT",
    ]);
  });

  it("Ctrl-C in --json mode still ends the stream with run-end", async () => {
    const result = await runCli(["ask", "--json", "--llm", script("slow-final-answer.json"), "q"], {
      onSpawn(child) {
        let seen = "";
        child.stdout?.on("data", (chunk: Buffer | string) => {
          seen += String(chunk);
          if (!child.killed && seen.includes('"type":"observation"')) child.kill("SIGINT");
        });
      },
    });
    expect(result.status).toBe(130);
    const last = JSON.parse(result.stdout.trimEnd().split("\n").at(-1) ?? "{}");
    expect(last).toMatchObject({
      type: "run-end",
      result: { status: "aborted", error: { code: "aborted" } },
    });
  });
});
