import { limitVariable, type PythonLimits } from "./limits.js";
import type { CallOutcome, SandboxEnd } from "./sandbox-process.js";
import { waitLimitMs } from "./sandbox-spawn.js";

const STATE_LOST = "variables, functions and imports from earlier calls are gone";

/**
 * What the model reads, as a REPL shows it: what the code printed, then the value of the
 * final expression, then the last line of the traceback; and which limit stopped it.
 */
export function observe(outcome: Exclude<CallOutcome, { kind: "aborted" }>, limits: PythonLimits) {
  const cpu = `${formatSeconds(limits.cpuMs)} of CPU time (${limitVariable("cpuMs")})`;
  switch (outcome.kind) {
    case "stuck":
      return lines(
        outcome.output,
        outcome.limit === "cpu"
          ? `TimeoutError: stopped after ${cpu}; it did not stop when interrupted, so the sandbox was restarted and ${STATE_LOST}`
          : `TimeoutError: stopped after ${formatSeconds(waitLimitMs(limits))} of waiting (4 times ${limitVariable("cpuMs")}, at least 30 s); the sandbox was restarted and ${STATE_LOST}`,
      );
    case "died":
    case "background":
      return endLine(outcome, limits, false);
    case "report":
      break;
  }
  const { report } = outcome;
  const parts = [report.output];
  if (report.truncated) {
    parts.push(
      `[output truncated after ${limits.outputChars} characters (${limitVariable("outputChars")})]`,
    );
  }
  if (report.value !== undefined) parts.push(report.value);
  if (report.cpuLimit) {
    parts.push(`TimeoutError: stopped after ${cpu}; the variables it had set are kept`);
  } else if (report.error?.startsWith("MemoryError")) {
    parts.push(`MemoryError: ${memoryLimit(limits)} was reached`);
  } else if (report.error !== undefined) {
    parts.push(report.crashed ? crashLine(report.error) : report.error);
  }
  if (report.crashed && report.error === undefined) parts.push(crashLine("it failed"));
  const text = lines(...parts);
  return text || "(no output: print a value, or end with an expression, to see it)";
}

/** The line in front of a call whose run's sandbox ended after the call before it. */
export function observeLoss(end: SandboxEnd, limits: PythonLimits) {
  return endLine(end, limits, true);
}

function endLine(end: SandboxEnd, limits: PythonLimits, betweenCalls: boolean) {
  const restarted = betweenCalls
    ? `this call runs in a new one, and ${STATE_LOST}`
    : `it was restarted and ${STATE_LOST}`;
  if (end.kind === "background") {
    const ended = betweenCalls ? "ended" : "ended before this code ran";
    return `SandboxError: code kept running between calls (a worker, a timer or a promise that a call left behind: ${formatSeconds(end.cpuMs)} of CPU time), so the sandbox was ${ended}; ${restarted}`;
  }
  if (end.outOfMemory) {
    return `MemoryError: the sandbox ran out of memory (${memoryLimit(limits)}); ${restarted}`;
  }
  const when = betweenCalls ? " between calls" : "";
  return `SandboxError: the Python sandbox ended${when}${end.detail}; ${restarted}`;
}

function memoryLimit(limits: PythonLimits) {
  return `the memory limit of ${limits.memoryMb} MiB (${limitVariable("memoryMb")})`;
}

function crashLine(reason: string) {
  return `SandboxError: the Python interpreter failed (${reason}); it was restarted and ${STATE_LOST}`;
}

function lines(...parts: string[]) {
  return parts
    .map((part) => part.replace(/\s+$/, ""))
    .filter(Boolean)
    .join("\n");
}

function formatSeconds(ms: number) {
  return ms % 1000 === 0 ? `${ms / 1000} s` : `${(ms / 1000).toFixed(1)} s`;
}
