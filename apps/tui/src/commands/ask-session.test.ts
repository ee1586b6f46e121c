import { mkdirSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
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
      "Question: What is 54°F in Celsius?\nFollow Up Input: What is that in celsius?\nStandalone question: What is 54°F in Celsius?\n",
    );
    expect(two.stderr).toContain("Observation: 12.222222222222221");
    // The condense prompt got the first process's turn; the agent got the rewrite.
    const prompts = readFileSync(trace, "utf8")
      .split("\n")
      .filter(Boolean)
      .map((line) => JSON.parse(line))
      .filter((event) => event.type === "llm-start");
    expect(prompts[0]).toMatchObject({
      step: 0,
      prompt: `Given the following conversation and a follow up question, rephrase the follow up question to be a standalone question.\nChat History:\nQ: ${first}\nA: Yesterday, the high temperature in SF was 54°F\nFollow Up Input: What is that in celsius?\nStandalone question:`,
    });
    expect(prompts[1].step).toBe(1);
    expect(prompts[1].prompt).toContain("\nQuestion: What is 54°F in Celsius?\nThought:");

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

  it("stores the rolling summary, so the next process uses it without recomputing it", async () => {
    const directory = tempDir();
    const env = { LANGCHAIN_MINI_HOME: join(directory, "home") };
    const ask = (name: string, replies: string[], question: string) =>
      runCli(
        [
          "ask",
          "--session",
          "sf",
          "--history",
          "summary",
          "--tools",
          "calculator",
          "--llm",
          `script:${writeScript(directory, replies, name)}`,
          question,
        ],
        { cwd: directory, env },
      );
    const one = await ask(
      "one.json",
      [
        " I now know the final answer\nFinal Answer: Yesterday, the high temperature in SF was 54°F",
        "The user asked for yesterday's high in SF: 54°F.",
      ],
      first,
    );
    expect(one.status).toBe(0);
    expect(one.stderr).not.toContain("Warning");
    const trace = join(directory, "two.jsonl");
    const two = await runCli(
      [
        "ask",
        "--session",
        "sf",
        "--history",
        "summary",
        "--tools",
        "calculator",
        "--trace",
        trace,
        "--llm",
        `script:${writeScript(
          directory,
          [
            " What is 54°F in Celsius?",
            " I now know the final answer\nFinal Answer: 54°F is 12.2°C",
            "The user asked for yesterday's high in SF: 54°F, which is 12.2°C.",
          ],
          "two.json",
        )}`,
        "What is that in celsius?",
      ],
      { cwd: directory, env },
    );
    expect(two.status).toBe(0);
    expect(two.stderr).not.toContain("Warning");
    const prompts = readFileSync(trace, "utf8")
      .split("\n")
      .filter(Boolean)
      .map((line) => JSON.parse(line))
      .filter((event) => event.type === "llm-start")
      .map((event) => event.prompt);
    expect(prompts).toHaveLength(3);
    expect(prompts[0]).toContain(
      "Chat History:\nSummary of the conversation so far: The user asked for yesterday's high in SF: 54°F.\nFollow Up Input:",
    );
    // The update folds in only the new turn.
    expect(prompts[2]).toContain(
      "Summary so far:\nThe user asked for yesterday's high in SF: 54°F.\n\nNew lines of conversation:\nQ: What is 54°F in Celsius?\nA: 54°F is 12.2°C\n\nNew summary:",
    );
    const shown = await runCli(["sessions", "show", "sf"], { cwd: directory, env });
    expect(shown.stdout).toContain(
      "Summary (of 2 turns): The user asked for yesterday's high in SF: 54°F, which is 12.2°C.\n",
    );
  });

  it("moves a damaged session file aside with a warning and still answers", async () => {
    const directory = tempDir();
    const home = join(directory, "home");
    mkdirSync(join(home, "sessions"), { recursive: true });
    writeFileSync(join(home, "sessions", "sf.jsonl"), "\u0000garbage from a bad disk\n");
    const script = writeScript(directory, [" ok\nFinal Answer: answered anyway"]);
    const result = await runCli(["ask", "--session", "sf", "--llm", `script:${script}`, "q"], {
      cwd: directory,
      env: { LANGCHAIN_MINI_HOME: home },
    });
    expect(result.status).toBe(0);
    expect(result.stdout).toBe("answered anyway\n");
    expect(result.stderr).toMatch(
      /Warning: Session 'sf' had unreadable content: kept 0 records, moved the original to .*sf\.jsonl\.damaged-\d+\n/,
    );
    // Beside the session: the runs' journals.
    expect(readdirSync(join(home, "sessions")).sort()).toEqual([
      "runs",
      "sf.jsonl",
      expect.stringMatching(/^sf\.jsonl\.damaged-\d+$/),
    ]);
    const shown = await runCli(["sessions", "show", "sf"], {
      cwd: directory,
      env: { LANGCHAIN_MINI_HOME: home },
    });
    expect(shown.stdout).toBe("Q: q\nA: answered anyway\n");
  });

  it("keeps both turns when two ask processes answer into one session at once", async () => {
    const directory = tempDir();
    const home = join(directory, "home");
    const env = { LANGCHAIN_MINI_HOME: home };
    // An earlier turn, so both processes rewrite and their scripts stay in step.
    mkdirSync(join(home, "sessions"), { recursive: true });
    writeFileSync(
      join(home, "sessions", "shared.jsonl"),
      '{"type":"turn","question":"q0","answer":"a0","at":"2026-11-23T00:00:00.000Z"}\n',
    );
    const runs = ["left", "right"].map((side) => {
      const script = writeScript(
        directory,
        [` ${side}?`, ` ok\nFinal Answer: ${side} answer`],
        `${side}.json`,
      );
      return runCli(["ask", "--session", "shared", "--llm", `script:${script}`, `${side}?`], {
        cwd: directory,
        env,
      });
    });
    expect((await Promise.all(runs)).map((result) => result.status)).toEqual([0, 0]);
    const shown = await runCli(["sessions", "show", "shared"], { cwd: directory, env });
    expect(shown.stderr).toBe("");
    expect(shown.stdout.split("\n").filter(Boolean).sort()).toEqual([
      "A: a0",
      "A: left answer",
      "A: right answer",
      "Q: left?",
      "Q: q0",
      "Q: right?",
    ]);
    const deleteUnknown = await runCli(["sessions", "delete", "nope"], { cwd: directory, env });
    expect(deleteUnknown.status).toBe(2);
    expect(deleteUnknown.stderr).toBe(
      "langchain-mini: No session named 'nope': list them with langchain-mini sessions\n",
    );
  });

  it("a data directory that cannot be made is one warning line for each thing lost, and the answer still comes (exit 1: not saved)", async () => {
    const directory = tempDir();
    const script = writeScript(directory, [" ok\nFinal Answer: answered anyway"]);
    // Node's own recursive mkdir retries forever under /proc: the command never ended.
    const result = await runCli(["ask", "--session", "s", "--llm", `script:${script}`, "q"], {
      cwd: directory,
      env: { LANGCHAIN_MINI_HOME: "/proc/langchain-mini-nope" },
    });
    expect(result.stdout).toBe("answered anyway\n");
    expect(result.stderr.split("\n").filter((line) => line.includes("/proc/"))).toEqual([
      expect.stringMatching(
        /^Warning: The run's journal could not be written \(.* at \/proc\/langchain-mini-nope\/sessions\/runs\/.*: no directory can be made there: .*\): the run goes on, but cannot be resumed if it stops$/,
      ),
      "Warning: Cannot save to session 's' at /proc/langchain-mini-nope/sessions/s.jsonl: no directory can be made there: check that LANGCHAIN_MINI_HOME (or the default data directory) is a writable directory (the answer was not saved)",
    ]);
    expect(result.status).toBe(1);

    const trace = await runCli(
      ["ask", "--trace", "/proc/langchain-mini-nope/run.jsonl", "--llm", `script:${script}`, "q"],
      { cwd: directory },
    );
    // The trace is lost, never the answer.
    expect(trace.stderr).toContain(
      "langchain-mini: the trace file /proc/langchain-mini-nope/run.jsonl cannot be written (ENOENT: no such file or directory, mkdir '/proc/langchain-mini-nope'): the run goes on without it\n",
    );
    expect(trace.stdout).toBe("answered anyway\n");
    expect(trace.status).toBe(0);
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
