import type { AgentEvent } from "@langchain-mini/core";
import {
  completionsOf,
  createLineBatch,
  createPromptRebuilder,
  jsonText,
  readTrace,
  redactEventStrings,
  terminalText,
  usageError,
} from "@langchain-mini/host";
import { unaskedNotice } from "../approval/approval-text.js";
import { parseCommandLine } from "../config/command-line.js";
import { terminalOutput } from "../render/terminal-output.js";
import { createTextTrace } from "../render/text-trace.js";
import { createVerboseTrace } from "../render/verbose-trace.js";
import type { Shell } from "../shell.js";

export const REPLAY_USAGE = `Usage: langchain-mini replay [options] <trace.jsonl>

On a terminal the run plays in the terminal UI's panes (Ctrl+P shows each prompt and
raw completion, q quits); in pipes, or with --text, it is written as ask writes it.

Options:
  --text          the text trace on stderr and the answer on stdout, even on a terminal
  --json          one JSON event per line on stdout, as ask --json
  --verbose       also show every prompt and raw completion
  --speed <x>     1 = the recorded pace (default), 2 = twice as fast, 0 = instantly
  --as-script     print the run's completions as a script: file for --llm script:

Exit status: as the recorded run (0 answered, 1 not), 2 for an unreadable trace.`;

/** `replay`: a recorded run through the same renderers as `ask`. Returns the exit status. */
export async function replay(argv: readonly string[], shell: Shell): Promise<number> {
  const { values, positionals } = parseCommandLine({
    args: [...argv],
    options: {
      json: { type: "boolean" },
      text: { type: "boolean" },
      verbose: { type: "boolean" },
      speed: { type: "string" },
      "as-script": { type: "boolean" },
      debug: { type: "boolean" },
      help: { type: "boolean", short: "h" },
    },
    allowPositionals: true,
  });
  if (values.help) {
    process.stdout.write(`${REPLAY_USAGE}\n`);
    return 0;
  }
  const [path, ...extra] = positionals;
  if (!path || extra.length) throw usageError(`replay takes one trace file.\n${REPLAY_USAGE}`);
  const speed = parseSpeed(values.speed);
  const loaded = await readTrace(path);
  // A trace written before keys were blanked on the way out (or by hand) still shows none.
  const { redact } = shell;
  const lines = loaded.lines.map((line) => redactEventStrings(line, redact));
  const { complete } = loaded;

  if (values["as-script"]) {
    process.stdout.write(`${jsonText(completionsOf(lines), 2)}\n`);
    return 0;
  }
  const onTerminal = process.stdin.isTTY && process.stdout.isTTY;
  if (onTerminal && !values.json && !values.text && !values.verbose) {
    // Ink loads only here.
    const { startReplay } = await import("../ui/start-replay.js");
    return startReplay({ lines, complete }, { speed, file: path });
  }
  // --json gives the recorded events as they are; the text renderers get whole prompts.
  const rebuild = createPromptRebuilder();
  const stderr = terminalOutput(process.stderr);
  const renderers: Array<(event: AgentEvent) => void> = [
    createTextTrace(stderr),
    ...(values.verbose ? [createVerboseTrace(stderr)] : []),
  ];
  const json = createLineBatch((text) => process.stdout.write(text));
  let previous = 0;
  for (const { timeMs, ...event } of lines) {
    if (speed > 0) await sleep((timeMs - previous) / speed);
    previous = timeMs;
    if (values.json) json.add(`${jsonText(event)}\n`);
    else {
      const shown = rebuild(event);
      for (const render of renderers) render(shown);
      // A call declined for want of a terminal: ask said so in a line of its own, and so does its replay.
      if (shown.type === "approval" && !shown.asked) {
        stderr.write(`${unaskedNotice(terminalText(shown.tool))}\n`);
      }
    }
  }
  json.flush();
  stderr.flush();
  const end = lines.findLast((line) => line.type === "run-end");
  if (!complete || end?.type !== "run-end") {
    process.stderr.write(
      "langchain-mini: the trace ends before its run did (the process was probably killed)\n",
    );
    return 1;
  }
  if (end.result.status !== "answered") return 1;
  if (!values.json) process.stdout.write(`${terminalText(end.result.answer ?? "")}\n`);
  return 0;
}

function parseSpeed(value: string | undefined) {
  if (value === undefined) return 1;
  const speed = Number(value);
  if (!value.trim() || !Number.isFinite(speed) || speed < 0) {
    throw usageError(`--speed must be a number of at least 0 (0 = instantly), got '${value}'`);
  }
  return speed;
}

function sleep(ms: number) {
  return ms > 0
    ? new Promise((resolve) => setTimeout(resolve, Math.min(ms, 10_000)))
    : Promise.resolve();
}
