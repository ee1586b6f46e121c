import { type AgentEvent, NO_USAGE } from "@langchain-mini/core";
import type { TraceLine } from "@langchain-mini/host";
import { createPromptRebuilder } from "@langchain-mini/host";
import type { Asker } from "./hooks/use-chat.js";

/** One recorded run of a trace: a `--trace` file of the terminal UI holds one per question. */
export interface RecordedRun {
  /** What the user typed (before memory rewrote it, when it did). */
  readonly question: string;
  readonly lines: readonly TraceLine[];
  /** The trace time the run's wait is counted from: the previous run's last line. */
  readonly sinceMs: number;
}

/** Splits a trace at each run-end; a last run cut short (a killed process) is kept as it is. */
export function recordedRuns(lines: readonly TraceLine[]): RecordedRun[] {
  const runs: RecordedRun[] = [];
  let current: TraceLine[] = [];
  let sinceMs = 0;
  const close = () => {
    if (current.length === 0) return;
    runs.push({ question: questionOf(current), lines: current, sinceMs });
    sinceMs = current.at(-1)?.timeMs ?? sinceMs;
    current = [];
  };
  for (const line of lines) {
    current.push(line);
    if (line.type === "run-end") close();
  }
  close();
  return runs;
}

function questionOf(lines: readonly TraceLine[]) {
  for (const line of lines) {
    if (line.type === "standalone-question") return line.original;
  }
  const start = lines.find((line) => line.type === "run-start");
  return start?.type === "run-start" ? start.question : "(the trace does not say)";
}

/**
 * The chat side of a replay: asking a recorded run's question gives back its events at
 * the recorded pace (`speed` 2 is twice as fast, 0 instantly). Esc cancels the wait.
 */
export function createReplayChat(runs: readonly RecordedRun[], speed: number): Asker {
  let next = 0;
  return {
    maxSteps: maxStepsOf(runs[0]),
    async *ask(_question, { signal = new AbortController().signal }) {
      const run = runs[next++];
      if (!run) return;
      let previous = run.sinceMs;
      // The inspector shows whole prompts, rebuilt as --verbose and replay --text do.
      const rebuild = createPromptRebuilder();
      for (const { timeMs, ...event } of run.lines) {
        if (speed > 0) await sleep((timeMs - previous) / speed, signal);
        if (signal.aborted) return;
        previous = timeMs;
        yield rebuild(event);
      }
      if (run.lines.at(-1)?.type !== "run-end") yield cutShort(run);
    },
  };
}

export const CUT_SHORT = "The trace ends before its run did (the process was probably killed)";

/** A run the trace stops in the middle of ends, on screen, as a failure that says so. */
function cutShort(run: RecordedRun): AgentEvent {
  const first = run.lines[0]?.timeMs ?? run.sinceMs;
  const last = run.lines.at(-1)?.timeMs ?? first;
  return {
    type: "run-end",
    result: {
      status: "failed",
      question: run.question,
      steps: [],
      usage: NO_USAGE,
      llmCalls: run.lines.filter((line) => line.type === "llm-end").length,
      durationMs: last - first,
      error: { code: "aborted", message: CUT_SHORT },
    },
  };
}

function maxStepsOf(run: RecordedRun | undefined) {
  const start = run?.lines.find((line) => line.type === "run-start");
  return start?.type === "run-start" ? start.maxSteps : 0;
}

/** Long pauses (a user reading between questions) are cut to 10 s, as in the text replay. */
function sleep(ms: number, signal: AbortSignal) {
  if (ms <= 0 || signal.aborted) return Promise.resolve();
  return new Promise<void>((resolve) => {
    const timer = setTimeout(done, Math.min(ms, 10_000));
    function done() {
      clearTimeout(timer);
      signal.removeEventListener("abort", done);
      resolve();
    }
    signal.addEventListener("abort", done, { once: true });
  });
}
