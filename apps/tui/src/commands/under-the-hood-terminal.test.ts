import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { runCli, writeScript } from "../test-support/cli.js";
import { writeEveryEventTrace } from "../test-support/every-event-trace.js";
import { TERMINAL_TEST_TIMEOUT, Terminal } from "../test-support/terminal.js";

const question = "What is the total number of five year periods in the year 2023?";
const completions = [
  " I need to calculate the amount of five year periods.\nAction: calculator\nAction Input: 2023/5",
  " I need to round up the number to the nearest whole number.\nAction: calculator\nAction Input: ceil(404.6)",
  " I now know the final answer.\nFinal Answer: 405",
];
const KEY = "sk-test-do-not-print-4f9a8b7c6d5e";

type Line = { type: string; [key: string]: unknown };
const readLines = (path: string) =>
  readFileSync(path, "utf8")
    .trim()
    .split("\n")
    .map((line) => JSON.parse(line) as Line);

describe("under the hood, in a real terminal (tmux)", { timeout: TERMINAL_TEST_TIMEOUT }, () => {
  const terminals: Terminal[] = [];
  afterEach(() => {
    for (const terminal of terminals.splice(0)) terminal.kill();
  });
  function terminal(env: Record<string, string> = {}) {
    const created = new Terminal(undefined, env);
    terminals.push(created);
    return created;
  }

  async function recordTrace(screen: Terminal, replies: readonly unknown[] = completions) {
    const script = writeScript(screen.directory, replies);
    const trace = join(screen.directory, "run.jsonl");
    const result = await runCli(["ask", "--trace", trace, "--llm", `script:${script}`, question], {
      cwd: screen.directory,
    });
    expect(result.status).toBe(0);
    return trace;
  }

  it("replay on a terminal plays the run in the UI's panes, with the prompt inspector", async () => {
    const screen = terminal();
    const trace = await recordTrace(screen);
    screen.start(["replay", "--speed", "0", trace]);
    const done = await screen.waitFor("Replay finished");
    expect(done).toContain("> What is the total number of five year");
    expect(done).toContain("Action Input: ceil(404.6)");
    expect(done).toContain("Observation: 404.6");
    expect(done).toContain("Final Answer: 405");
    expect(done).toMatch(/│ 405\s+│/);
    expect(done).toMatch(/script:scripted · 3 steps · \d+\.\ds: LLM/);

    screen.send("C-p");
    const inspected = await screen.waitFor("LLM call 3 of 3");
    expect(inspected).toContain("── Prompt ──");
    expect(inspected).toContain("Answer the following questions as best you can.");
    // The end of the prompt and the raw completion are below: End scrolls there.
    screen.send("End");
    const bottom = await screen.waitFor("── Completion (raw, before parsing) ──");
    expect(bottom).toContain("Observation: 405");
    expect(bottom).toMatch(/│ {2}I now know the final answer\.\s+│\n│ Final Answer: 405/);
    screen.send("Escape");
    await screen.waitFor("▸ Conversation");
    screen.send("q", true);
    expect(await screen.exitStatus()).toBe(0);
  });

  it("replay on a terminal plays a trace with every event type the CLI writes", async () => {
    const screen = terminal();
    const trace = writeEveryEventTrace(screen.directory);
    screen.start(["replay", "--speed", "0", trace], { columns: 160, rows: 40 });
    const done = await screen.waitFor("Replay finished");
    expect(done).toMatch(/│ > What went wrong\?\s+│/);
    expect(done).toMatch(/│ The model went away\s+│/);
    expect(done).toContain("Standalone question: What is 1517 times 2?");
    expect(done).toContain("Format error: Missing 'Action:'");
    expect(done).toContain("Approval: declined: no one to ask");
    expect(done).toContain("Compaction: before step 3, the prompt and the reply's room");
    expect(done).toMatch(/│ It is 3034\.\s+│/);
    screen.send("q", true);
    expect(await screen.exitStatus()).toBe(0);
  });

  it("replays at the recorded pace: a slow step shows its wait, and Esc stops the replay there", async () => {
    const screen = terminal();
    const trace = await recordTrace(screen);
    // As if the last LLM call had taken a minute: every line after its start comes 60 s later.
    const lines = readLines(trace);
    const slowCall = lines.findLastIndex((line) => line.type === "llm-start");
    const slowed = lines.map((line, index) =>
      index > slowCall ? { ...line, timeMs: Number(line.timeMs) + 60_000 } : line,
    );
    writeFileSync(trace, slowed.map((line) => `${JSON.stringify(line)}\n`).join(""));

    screen.start(["replay", trace]);
    const waiting = await screen.waitFor(
      /^(?=[\s\S]*Observation: 405)(?=[\s\S]*waiting for the model)/,
    );
    expect(waiting).not.toContain("Final Answer: 405");
    screen.send("Escape");
    const stopped = await screen.waitFor("Replay finished");
    expect(stopped).not.toContain("Final Answer: 405");
    // The last question was not answered in the replay.
    screen.send("q", true);
    expect(await screen.exitStatus()).toBe(1);
  });

  it("the chat writes each question's events to --trace, with the key from the environment redacted", async () => {
    const screen = terminal({ OPENAI_API_KEY: KEY });
    const script = writeScript(screen.directory, [
      ...completions,
      // The follow-up's rewrite, then a model that repeats the key it should never have seen.
      "What is the key?",
      ` It is in my context\nFinal Answer: the key is ${KEY}`,
    ]);
    const trace = join(screen.directory, "chat.jsonl");
    screen.start(["--llm", `script:${script}`, "--trace", trace]);
    await screen.ask(question);
    await screen.waitFor(/│ 405\s+│/);
    await screen.ask("And the key?");
    const shown = await screen.waitFor(/│ the key is \[REDACTED\]\s+│/);
    expect(shown).not.toContain(KEY);
    expect(await screen.quit()).toBe(0);

    const lines = readLines(trace);
    expect(lines.filter((line) => line.type === "run-end")).toHaveLength(2);
    expect(lines.filter((line) => line.type === "llm-end").map((line) => line.completion)).toEqual([
      ...completions,
      "What is the key?",
      " It is in my context\nFinal Answer: the key is [REDACTED]",
    ]);
    expect(readFileSync(trace, "utf8")).not.toContain(KEY);

    // The chat's trace replays as text too: both questions, the last answer on stdout.
    const replayed = await runCli(["replay", "--speed", "0", trace], { cwd: screen.directory });
    expect(replayed.stdout).toBe("the key is [REDACTED]\n");
  });

  it("the chat's prompt inspector shows each prompt whole, rebuilt from the trace's form, the key blanked", async () => {
    const screen = terminal({ OPENAI_API_KEY: KEY });
    const script = writeScript(screen.directory, [
      ` I should not say ${KEY} here\nAction: calculator\nAction Input: 2023/5`,
      " I now know the final answer.\nFinal Answer: 404.6",
    ]);
    screen.start(["--llm", `script:${script}`]);
    await screen.ask(question);
    await screen.waitFor(/│ 404\.6\s+│/);
    screen.send("C-p");
    const top = await screen.waitFor("LLM call 2 of 2");
    expect(top).toContain("Answer the following questions as best you can.");
    screen.send("End");
    // The second prompt is the first plus the step it appended: the key in it is blanked.
    const bottom = await screen.waitFor("── Completion (raw, before parsing) ──");
    expect(bottom).toContain("I should not say [REDACTED] here");
    expect(bottom).toContain("Observation: 404.6");
    expect(bottom).not.toContain("sk-test");
    screen.send("Escape");
    await screen.waitFor("▸ Conversation");
    expect(await screen.quit()).toBe(0);
  });

  it("LANGCHAIN_MINI_TRACE gives each of the chat's questions its own file", async () => {
    const traces = "traces";
    const screen = terminal({ LANGCHAIN_MINI_TRACE: traces });
    const script = writeScript(screen.directory, [
      " I now know the final answer.\nFinal Answer: one",
      "Second question?",
      " I now know the final answer.\nFinal Answer: two",
    ]);
    screen.start(["--llm", `script:${script}`]);
    await screen.ask("First question?");
    await screen.waitFor(/│ one\s+│/);
    await screen.ask("Second?");
    await screen.waitFor(/│ two\s+│/);
    expect(await screen.quit()).toBe(0);

    const directory = join(screen.directory, traces);
    const files = readdirSync(directory).sort();
    expect(files).toHaveLength(2);
    const answers = files.map((file) => {
      const lines = readLines(join(directory, file));
      expect(lines[0]?.type).toBe("run-start");
      const end = lines.at(-1) as { type: string; result: { answer: string } };
      expect(end.type).toBe("run-end");
      return end.result.answer;
    });
    expect(answers.sort()).toEqual(["one", "two"]);
  });
});
