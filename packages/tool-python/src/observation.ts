import { limitVariable, type PythonLimits } from "./limits.js";
import { type CallOutcome, wallLimitMs } from "./sandbox-process.js";

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
          : `TimeoutError: stopped after ${formatSeconds(wallLimitMs(limits))} of waiting (4 times ${limitVariable("cpuMs")}, at least 30 s); the sandbox was restarted and ${STATE_LOST}`,
      );
    case "died":
      if (outcome.outOfMemory) return lines(memoryLine(limits, true));
      return lines(
        `SandboxError: the Python sandbox ended${outcome.detail}; it was restarted and ${STATE_LOST}`,
      );
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
    parts.push(memoryLine(limits, false));
  } else if (report.error !== undefined) {
    parts.push(report.crashed ? crashLine(report.error) : report.error);
  }
  if (report.crashed && report.error === undefined) parts.push(crashLine("it failed"));
  const text = lines(...parts);
  return text || "(no output: print a value, or end with an expression, to see it)";
}

function memoryLine(limits: PythonLimits, restarted: boolean) {
  const limit = `the memory limit of ${limits.memoryMb} MiB (${limitVariable("memoryMb")})`;
  return restarted
    ? `MemoryError: the sandbox ran out of memory and was restarted (${limit}); ${STATE_LOST}`
    : `MemoryError: ${limit} was reached`;
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
