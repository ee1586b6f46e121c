import { execFileSync } from "node:child_process";
import {
  closeSync,
  openSync,
  readdirSync,
  readFileSync,
  readlinkSync,
  writeFileSync,
  writeSync,
} from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { runCli, tempDir, writeScript } from "../test-support/cli.js";

const ANSWER = [" I now know the final answer\nFinal Answer: the answer"];

describe("exit 0 only when an answer was written", () => {
  it("exits 1 with one line when stdout is full (/dev/full) or its reader is gone", async () => {
    const directory = tempDir();
    const script = writeScript(directory, ANSWER);
    for (const [stdout, reason] of [
      ["/dev/full", "the disk is full"],
      ["closed", "the reading end of the pipe was closed"],
    ]) {
      for (const json of [[], ["--json"]]) {
        const result = await runCli(
          ["ask", ...json, "--tools", "calculator", "--llm", `script:${script}`, "q"],
          { cwd: directory, stdout },
        );
        expect(result.status).toBe(1);
        expect(
          result.stderr.split("\n").filter((line) => line.startsWith("langchain-mini:")),
        ).toEqual([
          `langchain-mini: could not write to standard output (${reason}): the answer was not delivered`,
        ]);
      }
    }
    // Nothing to write is no failure: an empty listing to a full disk still exits 0.
    const listed = await runCli(["sessions", "list"], {
      cwd: directory,
      stdout: "/dev/full",
      env: { LANGCHAIN_MINI_HOME: join(directory, "home") },
    });
    expect(listed.status).toBe(0);
  }, 120_000);

  it("loses the trace, never the answer, when the trace cannot be opened or fills up", async () => {
    const directory = tempDir();
    const script = writeScript(directory, ANSWER);
    writeFileSync(join(directory, "a-file"), "");
    const unopenable = join(directory, "a-file", "trace.jsonl");
    const opened = await runCli(
      ["ask", "--trace", unopenable, "--tools", "calculator", "--llm", `script:${script}`, "q"],
      { cwd: directory },
    );
    expect(opened.status).toBe(0);
    expect(opened.stdout).toBe("the answer\n");
    expect(opened.stderr).toContain(
      `langchain-mini: the trace file ${unopenable} cannot be written (ENOTDIR: not a directory, mkdir '${join(directory, "a-file")}'): the run goes on without it\n`,
    );

    // One 512-byte block: the first batch of lines is cut short, then the file refuses more.
    const trace = join(directory, "small.jsonl");
    const filled = await runCli(
      ["ask", "--trace", trace, "--tools", "calculator", "--llm", `script:${script}`, "q"],
      { cwd: directory, fileSizeLimitBlocks: 1 },
    );
    expect(filled.status).toBe(0);
    expect(filled.stdout).toBe("the answer\n");
    expect(filled.stderr).toContain(
      `langchain-mini: the trace file ${trace} could not be written (EFBIG: file too large, write): it stops here\n`,
    );
    expect(readFileSync(trace).length).toBe(512);
  }, 60_000);

  it("refuses a trace with missing or garbage fields in one line, exit 2", async () => {
    const directory = tempDir();
    const cases: Array<[string, string]> = [
      ['{"type":"run-end","timeMs":1}', "its run-end event has no valid 'result'"],
      [
        '{"type":"run-end","timeMs":1,"result":{"status":"answered"}}',
        "its run-end event has no valid 'result'",
      ],
      [
        '{"type":"observation","timeMs":1,"step":1,"text":{"a":1}}',
        "its observation event has no valid 'text'",
      ],
      ['{"type":"constructor","timeMs":1}', "'constructor' is not an event type"],
      ['{"type":"action","timeMs":1,"step":1}', "its action event has no valid 'tool'"],
      ['{"type":"warning","timeMs":"soon","message":"m"}', "its timeMs is not a number"],
    ];
    for (const [line, problem] of cases) {
      const trace = join(directory, "bad.jsonl");
      writeFileSync(trace, `${line}\n`);
      const result = await runCli(["replay", "--text", "--speed", "0", trace], { cwd: directory });
      expect([result.status, result.stdout, result.stderr]).toEqual([
        2,
        "",
        `langchain-mini: ${trace} line 1 is not a trace event (${problem}): is it a trace written by --trace?\n`,
      ]);
    }
  }, 60_000);

  it("reads a script from a FIFO as it is written, and skips a FIFO where .env should be", async () => {
    const directory = tempDir();
    const script = join(directory, "script.fifo");
    execFileSync("mkfifo", [script]);
    const asking = runCli(["ask", "--tools", "calculator", "--llm", `script:${script}`, "q"], {
      cwd: directory,
    });
    const writer = openSync(script, "w");
    writeSync(writer, JSON.stringify(ANSWER));
    closeSync(writer);
    const result = await asking;
    expect([result.status, result.stdout]).toEqual([0, "the answer\n"]);

    // A FIFO where .env should be is skipped with a warning, never waited on.
    execFileSync("mkfifo", [join(directory, ".env")]);
    const fileScript = writeScript(directory, ANSWER);
    const skipped = await runCli(
      ["ask", "--tools", "calculator", "--llm", `script:${fileScript}`, "q"],
      {
        cwd: directory,
      },
    );
    expect(skipped.status).toBe(0);
    expect(skipped.stderr).toContain(
      `Warning: ${join(directory, ".env")} is not a regular file (a FIFO, device or socket), so it was skipped\n`,
    );
  }, 60_000);

  it("ends at once on one SIGTERM while a FIFO named as input has no writer", async () => {
    const directory = tempDir();
    const fifo = join(directory, "silent.fifo");
    execFileSync("mkfifo", [fifo]);
    for (const args of [
      ["replay", "--text", fifo],
      ["ask", "--llm", `script:${fifo}`, "q"],
      ["ask", "--mcp", fifo, "--llm", `script:${fifo}`, "q"],
    ]) {
      const result = await runCli(args, {
        cwd: directory,
        // Sent once the CLI is surely waiting on the FIFO: it has opened the read end.
        onSpawn: (child) => waitForReader(child.pid, fifo, () => child.kill("SIGTERM")),
      });
      expect(result.status).toBe(143);
      expect(result.stderr).toBe("langchain-mini: stopped by SIGTERM\n");
    }
  }, 120_000);
});

/** Calls `then` once the process has the FIFO open (Linux: its /proc fd table), unwritten. */
function waitForReader(pid: number | undefined, fifo: string, then: () => void) {
  const poll = () => {
    let opened = false;
    try {
      const fds = readdirSync(`/proc/${pid}/fd`);
      opened = fds.some((fd) => {
        try {
          return readlinkSync(`/proc/${pid}/fd/${fd}`) === fifo;
        } catch {
          return false;
        }
      });
    } catch {
      // Not started yet, or already gone: the exit status will say which.
    }
    if (opened) then();
    else setTimeout(poll, 20);
  };
  poll();
}
