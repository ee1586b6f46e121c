import { execFileSync } from "node:child_process";
import { mkdirSync, readFileSync, symlinkSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { runCli, tempDir, writeScript } from "../test-support/cli.js";

const KEY = "session-secret-0123456789abcdefXYZ";

function setUp() {
  const directory = tempDir();
  const home = join(directory, "home");
  const sessions = join(home, "sessions");
  mkdirSync(sessions, { recursive: true });
  return { directory, home, sessions, env: { LANGCHAIN_MINI_HOME: home } };
}

describe("ask --session at the store's edges", () => {
  it("refuses an empty session name in one line, before anything runs", async () => {
    const { directory, env } = setUp();
    const script = writeScript(directory, [" ok\nFinal Answer: never asked"]);
    for (const args of [
      ["ask", "--session", "", "--llm", `script:${script}`, "q"],
      ["ask", "--session=", "--llm", `script:${script}`, "q"],
      ["--session", "", "--llm", `script:${script}`],
    ]) {
      const result = await runCli(args, { cwd: directory, env });
      expect(result.status).toBe(2);
      expect(result.stdout).toBe("");
      expect(result.stderr).toBe(
        "langchain-mini: '' is not a session name: use letters, digits, '.', '_' and '-' (up to 64 characters, starting with a letter or digit)\n",
      );
    }
  }, 60_000);

  it("prints the answer but exits 1 when the turn cannot be saved (a file-size limit)", async () => {
    const { directory, sessions, env } = setUp();
    const earlier = `${JSON.stringify({ type: "turn", question: "q0", answer: "a".repeat(800), at: "2026-11-23T00:00:00.000Z" })}\n`;
    writeFileSync(join(sessions, "full.jsonl"), earlier);
    const script = writeScript(directory, [
      " What is q0 again?",
      ` ok\nFinal Answer: ${"b".repeat(600)}`,
    ]);
    const result = await runCli(["ask", "--session", "full", "--llm", `script:${script}`, "q1"], {
      cwd: directory,
      env,
      fileSizeLimitBlocks: 2,
    });
    expect(result.status).toBe(1);
    expect(result.stdout).toBe(`${"b".repeat(600)}\n`);
    expect(result.stderr).toMatch(
      /Warning: Cannot save to session 'full' at .*full\.jsonl: only \d+ of \d+ bytes could be written \(is the disk full\?\): .* \(the answer was not saved\)\n/,
    );
    // Cut back to the earlier turn: the next process finds nothing torn or damaged.
    expect(readFileSync(join(sessions, "full.jsonl"), "utf8")).toBe(earlier);
    const shown = await runCli(["sessions", "show", "full"], { cwd: directory, env });
    expect(shown).toMatchObject({ status: 0, stderr: "" });
    expect(shown.stdout).toBe(`Q: q0\nA: ${"a".repeat(800)}\n`);
  }, 60_000);

  it("refuses a session file that is a symbolic link: answered, not saved, exit 1", async () => {
    const { directory, sessions, env } = setUp();
    const victim = join(directory, "victim.txt");
    writeFileSync(victim, "precious\n");
    symlinkSync(victim, join(sessions, "linked.jsonl"));
    const script = writeScript(directory, [" ok\nFinal Answer: the answer"]);
    const result = await runCli(["ask", "--session", "linked", "--llm", `script:${script}`, "q"], {
      cwd: directory,
      env,
    });
    expect(result.status).toBe(1);
    expect(result.stdout).toBe("the answer\n");
    expect(result.stderr).toContain(
      "it is a symbolic link, and sessions are never read or written through one: remove it (langchain-mini sessions delete linked) or move it out of the sessions folder (answering without the conversation's history; this turn will not be saved)\n",
    );
    expect(readFileSync(victim, "utf8")).toBe("precious\n");
  }, 60_000);

  it("lists sessions it cannot read, marked, and deletes them", async () => {
    const { directory, sessions, env } = setUp();
    writeFileSync(
      join(sessions, "fine.jsonl"),
      `\uFEFF{"type":"turn","question":"q","answer":"a","at":"x"}\n`,
    );
    symlinkSync(join(directory, "elsewhere.jsonl"), join(sessions, "linked.jsonl"));
    execFileSync("mkfifo", [join(sessions, "pipe.jsonl")]);
    const listed = await runCli(["sessions", "list"], { cwd: directory, env });
    expect(listed.status).toBe(0);
    expect(listed.stdout.split("\n").filter(Boolean).sort()).toEqual([
      expect.stringMatching(/^fine\t1 turn\t/),
      expect.stringMatching(/^linked\tunreadable \(it is a symbolic link, .*\)\t/),
      expect.stringMatching(
        /^pipe\tunreadable \(it is not a regular file \(a FIFO, socket or device\)\)\t/,
      ),
    ]);
    const shown = await runCli(["sessions", "show", "pipe"], { cwd: directory, env });
    expect(shown.status).toBe(2);
    expect(shown.stderr.trim().split("\n")).toHaveLength(1);
    for (const name of ["linked", "pipe"]) {
      const deleted = await runCli(["sessions", "delete", name], { cwd: directory, env });
      expect(deleted).toMatchObject({ status: 0, stderr: `Deleted session '${name}'\n` });
    }
    const after = await runCli(["sessions", "list"], { cwd: directory, env });
    expect(after.stdout).toMatch(/^fine\t1 turn\t[^\n]*\n$/);
  }, 60_000);

  it("stores no API key: the question and answer are blanked in the session file", async () => {
    const { directory, sessions, env } = setUp();
    const script = writeScript(directory, [` ok\nFinal Answer: I will remember ${KEY}`]);
    const result = await runCli(
      ["ask", "--session", "keys", "--llm", `script:${script}`, `my key is ${KEY}`],
      { cwd: directory, env: { ...env, OPENAI_API_KEY: KEY } },
    );
    expect(result.status).toBe(0);
    expect(result.stdout).toBe("I will remember [REDACTED]\n");
    const stored = readFileSync(join(sessions, "keys.jsonl"), "utf8");
    expect(stored).not.toContain(KEY);
    expect(stored).toContain('"question":"my key is [REDACTED]"');
    const shown = await runCli(["sessions", "show", "keys"], { cwd: directory, env });
    expect(shown.stdout).toBe("Q: my key is [REDACTED]\nA: I will remember [REDACTED]\n");
  }, 60_000);
});
