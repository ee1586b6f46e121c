import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { stepText } from "@langchain-mini/prompts";
import { describe, expect, it } from "vitest";
import { runCli, tempDir, writeScript } from "../test-support/cli.js";

const question = "What is the total number of five year periods in the year 2023?";
const completions = [
  " I need to calculate the amount of five year periods.\nAction: calculator\nAction Input: 2023/5",
  " I need to round up the number to the nearest whole number.\nAction: calculator\nAction Input: ceil(404.6)",
  " I now know the final answer.\nFinal Answer: 405",
];

type Line = { type: string; timeMs: number; [key: string]: unknown };
const parseLines = (text: string) =>
  text
    .trim()
    .split("\n")
    .map((line) => JSON.parse(line) as Line);

async function record(directory: string, replies: readonly unknown[] = completions) {
  const script = writeScript(directory, replies);
  const trace = join(directory, "run.jsonl");
  const result = await runCli(["ask", "--trace", trace, "--llm", `script:${script}`, question], {
    cwd: directory,
  });
  return { result, trace };
}

describe("--trace and replay", () => {
  it("records every event with its time, prompts, completions, tool input/output and usage", async () => {
    const directory = tempDir();
    const { result, trace } = await record(directory);
    expect(result.status).toBe(0);
    const lines = parseLines(readFileSync(trace, "utf8"));
    expect(lines[0]?.type).toBe("run-start");
    expect(lines.at(-1)?.type).toBe("run-end");
    expect(lines.every((line) => typeof line.timeMs === "number")).toBe(true);
    // The first call's whole prompt, then only what each later prompt appended.
    const starts = lines.filter((line) => line.type === "llm-start");
    expect(starts.map((line) => [typeof line.prompt, typeof line.appended])).toEqual([
      ["string", "undefined"],
      ["undefined", "string"],
      ["undefined", "string"],
    ]);
    expect(starts[1]?.appended).toBe(stepText(completions[0] as string, "404.6"));
    expect(lines.filter((line) => line.type === "llm-end").map((line) => line.completion)).toEqual(
      completions,
    );
    expect(
      lines
        .filter((line) => line.type === "tool-end")
        .map((line) => [line.input ?? line.tool, line.output]),
    ).toEqual([
      ["calculator", "404.6"],
      ["calculator", "405"],
    ]);
    const end = lines.filter((line) => line.type === "llm-end")[0] as {
      usage?: { inputTokens: number };
    };
    expect(end.usage?.inputTokens).toBeGreaterThan(0);
  });

  it("replays to the same answer and the same event sequence", async () => {
    const directory = tempDir();
    const { trace } = await record(directory);
    const recorded = parseLines(readFileSync(trace, "utf8")).map(
      ({ timeMs: _time, ...event }) => event,
    );

    const text = await runCli(["replay", "--speed", "0", trace], { cwd: directory });
    expect(text.status).toBe(0);
    expect(text.stdout).toBe("405\n");
    expect(text.stderr).toContain("Action Input: ceil(404.6)");
    expect(text.stderr).toContain("Observation: 404.6");

    const json = await runCli(["replay", "--speed", "0", "--json", trace], { cwd: directory });
    expect(json.status).toBe(0);
    expect(parseLines(json.stdout)).toEqual(recorded);
  });

  it("turns a trace into a script that re-runs the same answer offline", async () => {
    const directory = tempDir();
    const { trace } = await record(directory);
    const asScript = await runCli(["replay", "--as-script", trace], { cwd: directory });
    expect(asScript.status).toBe(0);
    expect(JSON.parse(asScript.stdout)).toEqual(completions);

    const scriptPath = join(directory, "replayed.json");
    writeFileSync(scriptPath, asScript.stdout);
    const rerun = await runCli(["ask", "--llm", `script:${scriptPath}`, question], {
      cwd: directory,
    });
    expect(rerun.status).toBe(0);
    expect(rerun.stdout).toBe("405\n");
  });

  it("keeps the tools a model called natively, so --as-script re-runs an --agent tools run", async () => {
    const directory = tempDir();
    const replies = [
      {
        text: "Dividing first.",
        toolCalls: [{ name: "calculator", arguments: '{"input":"2023/5"}' }],
      },
      { toolCalls: [{ name: "calculator", arguments: '{"input":"ceil(404.6)"}' }] },
      "There are 405.",
    ];
    const script = writeScript(directory, replies);
    const trace = join(directory, "tools.jsonl");
    const ask = ["ask", "--agent", "tools", "--tools", "calculator"];
    const recorded = await runCli(
      [...ask, "--trace", trace, "--llm", `script:${script}`, question],
      {
        cwd: directory,
      },
    );
    expect(recorded.status).toBe(0);
    const ends = parseLines(readFileSync(trace, "utf8")).filter((line) => line.type === "llm-end");
    expect(ends.map((line) => line.toolCalls)).toEqual([
      [{ id: "call_1_0", name: "calculator", arguments: '{"input":"2023/5"}' }],
      [{ id: "call_2_0", name: "calculator", arguments: '{"input":"ceil(404.6)"}' }],
      undefined,
    ]);

    const asScript = await runCli(["replay", "--as-script", trace], { cwd: directory });
    expect(asScript.status).toBe(0);
    expect(JSON.parse(asScript.stdout)).toEqual([
      {
        text: "Dividing first.",
        toolCalls: [{ id: "call_1_0", name: "calculator", arguments: '{"input":"2023/5"}' }],
      },
      {
        text: "",
        toolCalls: [{ id: "call_2_0", name: "calculator", arguments: '{"input":"ceil(404.6)"}' }],
      },
      "There are 405.",
    ]);
    const scriptPath = join(directory, "replayed.json");
    writeFileSync(scriptPath, asScript.stdout);
    const rerun = await runCli([...ask, "--json", "--llm", `script:${scriptPath}`, question], {
      cwd: directory,
    });
    expect(rerun.status).toBe(0);
    const outputs = parseLines(rerun.stdout)
      .filter((line) => line.type === "tool-end")
      .map((line) => line.output);
    expect(outputs).toEqual(["404.6", "405"]);
  });

  it("leaves valid JSON lines up to the moment a process is killed", async () => {
    const directory = tempDir();
    const trace = join(directory, "killed.jsonl");
    const script = writeScript(directory, [
      completions[0],
      { text: completions[1], delayMs: 30_000 },
    ]);
    const result = await runCli(["ask", "--trace", trace, "--llm", `script:${script}`, question], {
      cwd: directory,
      onSpawn: (child) => {
        const poll = setInterval(() => {
          let text = "";
          try {
            text = readFileSync(trace, "utf8");
          } catch {}
          // Kill once the second LLM call has started: mid-run, mid-wait.
          if (text.split("\n").filter((line) => line.includes('"type":"llm-start"')).length >= 2) {
            clearInterval(poll);
            child.kill("SIGKILL");
          }
        }, 10);
      },
    });
    expect(result.signal).toBe("SIGKILL");
    const lines = parseLines(readFileSync(trace, "utf8"));
    expect(lines.map((line) => line.type)).toContain("observation");
    expect(lines.at(-1)?.type).toBe("llm-start");

    const replayed = await runCli(["replay", "--speed", "0", trace], { cwd: directory });
    expect(replayed.status).toBe(1);
    expect(replayed.stderr).toContain("the trace ends before its run did");
  });

  it("writes one trace file per run into LANGCHAIN_MINI_TRACE", async () => {
    const directory = tempDir();
    const traces = join(directory, "traces");
    const script = writeScript(directory, completions);
    const result = await runCli(["ask", "--llm", `script:${script}`, question], {
      cwd: directory,
      env: { LANGCHAIN_MINI_TRACE: traces },
    });
    expect(result.status).toBe(0);
    const { readdirSync } = await import("node:fs");
    const files = readdirSync(traces);
    expect(files).toHaveLength(1);
    expect(files[0]).toMatch(/^run-.*\.jsonl$/);
  });

  it("explains a file that is not a trace in one line, exit 2", async () => {
    const directory = tempDir();
    const path = join(directory, "notes.jsonl");
    writeFileSync(path, "hello\nworld\n");
    const result = await runCli(["replay", path], { cwd: directory });
    expect(result.status).toBe(2);
    expect(result.stderr).toBe(
      `langchain-mini: ${path} line 1 is not JSON: is it a trace written by --trace?\n`,
    );
    const missing = await runCli(["replay", join(directory, "none.jsonl")], { cwd: directory });
    expect(missing.status).toBe(2);
    expect(missing.stderr).toContain("no such file");
  });
});
