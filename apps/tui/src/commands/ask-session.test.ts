import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { runCli, tempDir, writeScript } from "../test-support/cli.js";

const first = "What was the high temperature in SF yesterday in Fahrenheit?";

describe("ask --session across processes", () => {
  it("carries seed 000's conversation into a second process and rewrites the follow-up", async () => {
    const directory = tempDir();
    const env = { LANGCHAIN_MINI_HOME: join(directory, "home") };
    const turnOne = writeScript(
      directory,
      [
        " I now know the final answer\nFinal Answer: Yesterday, the high temperature in SF was 54°F",
      ],
      "one.json",
    );
    const one = await runCli(["ask", "--session", "sf", "--llm", `script:${turnOne}`, first], {
      cwd: directory,
      env,
    });
    expect(one.status).toBe(0);
    expect(one.stdout).toBe("Yesterday, the high temperature in SF was 54°F\n");

    const turnTwo = writeScript(
      directory,
      [
        " What is 54°F in Celsius?",
        " I should convert to celsius\nAction: calculator\nAction Input: (54-32)*5/9",
        " I now know the final answer\nFinal Answer: 54°F is 12.2°C",
      ],
      "two.json",
    );
    const trace = join(directory, "two.jsonl");
    const two = await runCli(
      [
        "ask",
        "--session",
        "sf",
        "--tools",
        "calculator",
        "--trace",
        trace,
        "--llm",
        `script:${turnTwo}`,
        "What is that in celsius?",
      ],
      { cwd: directory, env },
    );
    expect(two.status).toBe(0);
    expect(two.stdout).toBe("54°F is 12.2°C\n");
    expect(two.stderr).toContain(
      "Question: What is 54°F in Celsius?\nStandalone question: What is 54°F in Celsius?\n",
    );
    expect(two.stderr).toContain("Observation: 12.222222222222221");

    const shown = await runCli(["sessions", "show", "sf"], { cwd: directory, env });
    expect(shown.stdout).toBe(
      `Q: ${first}\nA: Yesterday, the high temperature in SF was 54°F\nQ: What is that in celsius?\n   (asked as: What is 54°F in Celsius?)\nA: 54°F is 12.2°C\n`,
    );
    const listed = await runCli(["sessions"], { cwd: directory, env });
    expect(listed.stdout).toMatch(/^sf\t2 turns\t\d{4}-\d\d-\d\dT/);

    // The trace holds the rewrite's own prompt and completion, so --as-script replays the turn.
    const script = await runCli(["replay", "--as-script", trace], { cwd: directory });
    expect(JSON.parse(script.stdout)[0]).toBe(" What is 54°F in Celsius?");

    const deleted = await runCli(["sessions", "delete", "sf"], { cwd: directory, env });
    expect(deleted.status).toBe(0);
    expect((await runCli(["sessions", "show", "sf"], { cwd: directory, env })).status).toBe(2);
  });

  it("explains a bad session name or history kind in one line, exit 2", async () => {
    const directory = tempDir();
    const script = writeScript(directory, [" ok\nFinal Answer: x"]);
    const badName = await runCli(
      ["ask", "--session", "../../etc", "--llm", `script:${script}`, "q"],
      { cwd: directory },
    );
    expect(badName.status).toBe(2);
    expect(badName.stderr).toBe(
      "langchain-mini: '../../etc' is not a session name: use letters, digits, '.', '_' and '-' (up to 64 characters, starting with a letter or digit)\n",
    );
    const badHistory = await runCli(
      ["ask", "--session", "s", "--history", "all", "--llm", `script:${script}`, "q"],
      {
        cwd: directory,
        env: { LANGCHAIN_MINI_HOME: join(directory, "home") },
      },
    );
    expect(badHistory.status).toBe(2);
    expect(badHistory.stderr).toBe(
      "langchain-mini: --history must be buffer, window[:turns], tokens[:budget] or summary, got 'all'\n",
    );
  });
});
