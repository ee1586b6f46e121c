import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { runCli, tempDir, writeScript } from "../test-support/cli.js";
import {
  EVERY_EVENT_COMPLETIONS,
  eventTypesOfCore,
  everyEventLines,
  writeEveryEventTrace,
} from "../test-support/every-event-trace.js";

const withoutTime = ({ timeMs: _time, ...event }: { readonly timeMs: number }) => event;

describe("replay reads every event the CLI writes", () => {
  it("the trace holds one event of every type of core's event union", () => {
    const written = new Set(everyEventLines().map((line) => line.type));
    // A new event type in core fails here until the trace (and so every renderer) has it.
    expect([...written].sort()).toEqual(eventTypesOfCore());
  });

  it("replays it with --text, --verbose, --json and --as-script", async () => {
    const directory = tempDir();
    const trace = writeEveryEventTrace(directory);

    const text = await runCli(["replay", "--text", "--speed", "0", trace], { cwd: directory });
    expect(text.stderr).not.toContain("is not an event type");
    expect(text.status, text.stderr).toBe(0);
    expect(text.stdout).toBe("It is 3034.\n");
    expect(text.stderr).toContain("Error: The model went away\n");
    expect(text.stderr).toContain("Standalone question: What is 1517 times 2?\n");
    expect(text.stderr).toContain("Approval: approved, with every later call of calculator\n");
    expect(text.stderr).toContain('Approval: declined: "not b.txt"\n');
    // The call declined for want of a terminal: ask's own line for it, as ask wrote it.
    expect(text.stderr).toContain(
      "langchain-mini: files__write_file needs approval and there is no terminal to ask on, so the call was declined",
    );
    expect(text.stderr).toContain(
      "Compaction: before step 3, the prompt and the reply's room would not fit the model's window of 8,192 tokens: cleared 1 tool result and summarised 1 step (about 6,300 → 2,100 tokens)\n",
    );
    expect(text.stderr).toContain(
      "Resumed: the run was taken up again here: what came before was read from its journal (3 LLM calls not made again)\n",
    );
    expect(text.stderr).toContain("Final Answer: It is 3034.\n");

    const verbose = await runCli(["replay", "--verbose", "--speed", "0", trace], {
      cwd: directory,
    });
    expect(verbose.status, verbose.stderr).toBe(0);
    expect(verbose.stderr).toContain("Approval: declined");
    // The prompts rebuilt whole from their appended parts, and the plug-in's log line.
    expect(verbose.stderr).toContain("Observation: Missing 'Action:'");
    expect(verbose.stderr).toContain("server started");
    expect(verbose.stderr).toContain("Compaction: before step 3, ");
    expect(verbose.stderr).toContain("Thought: (Steps 1 to 1 are summarised here to save room.)");

    const json = await runCli(["replay", "--json", "--speed", "0", trace], { cwd: directory });
    expect(json.status, json.stderr).toBe(0);
    const replayed = json.stdout
      .trim()
      .split("\n")
      .map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(replayed).toEqual(everyEventLines().map(withoutTime));

    const script = await runCli(["replay", "--as-script", trace], { cwd: directory });
    expect(script.status, script.stderr).toBe(0);
    expect(JSON.parse(script.stdout)).toEqual(EVERY_EVENT_COMPLETIONS);
  });

  it("replays a trace that ask wrote with a call declined for approval", async () => {
    const directory = tempDir();
    const script = writeScript(directory, [
      " I need to multiply\nAction: calculator\nAction Input: 37*41",
      " I cannot compute it\nFinal Answer: unknown",
    ]);
    const trace = join(directory, "run.jsonl");
    const asked = await runCli(
      [
        ...["ask", "--llm", `script:${script}`, "--tools", "calculator"],
        ...["--approval", "always", "--trace", trace, "What is 37*41?"],
      ],
      { cwd: directory },
    );
    expect(asked.status).toBe(0);
    expect(readFileSync(trace, "utf8")).toContain('"type":"approval"');

    const replayed = await runCli(["replay", "--text", "--speed", "0", trace], { cwd: directory });
    expect(replayed.status, replayed.stderr).toBe(0);
    expect(replayed.stdout).toBe("unknown\n");
    // What ask wrote on stderr, the replay writes again.
    expect(replayed.stderr).toBe(asked.stderr);
  });
});
