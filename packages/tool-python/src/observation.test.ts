import { describe, expect, it } from "vitest";
import { DEFAULT_LIMITS } from "./limits.js";
import { observe, observeLoss } from "./observation.js";

const report = (fields: Record<string, unknown>) =>
  observe({ kind: "report", report: { output: "", truncated: false, ...fields } }, DEFAULT_LIMITS);

describe("observe (what the model reads)", () => {
  it("puts the output, then the value, then the error", () => {
    expect(report({ output: "a\nb\n", value: "3", error: "ValueError: no" })).toBe(
      "a\nb\n3\nValueError: no",
    );
  });

  it("says when there was nothing to show", () => {
    expect(report({})).toBe("(no output: print a value, or end with an expression, to see it)");
  });

  it("names the limit that stopped a call", () => {
    expect(report({ output: "x", truncated: true })).toBe(
      "x\n[output truncated after 10000 characters (PYTHON_TOOL_OUTPUT_CHARS)]",
    );
    expect(report({ error: "KeyboardInterrupt", cpuLimit: true })).toBe(
      "TimeoutError: stopped after 5 s of CPU time (PYTHON_TOOL_CPU_MS); the variables it had set are kept",
    );
    expect(report({ error: "MemoryError" })).toBe(
      "MemoryError: the memory limit of 512 MiB (PYTHON_TOOL_MEMORY_MB) was reached",
    );
    expect(observe({ kind: "stuck", output: "partial\n", limit: "wait" }, DEFAULT_LIMITS)).toBe(
      "partial\nTimeoutError: stopped after 30 s of waiting (4 times PYTHON_TOOL_CPU_MS, at least 30 s); the sandbox was restarted and variables, functions and imports from earlier calls are gone",
    );
  });

  it("says a dead sandbox was restarted and what was lost", () => {
    expect(
      observe(
        { kind: "died", detail: ": Fatal JavaScript out of memory", outOfMemory: true },
        DEFAULT_LIMITS,
      ),
    ).toBe(
      "MemoryError: the sandbox ran out of memory (the memory limit of 512 MiB (PYTHON_TOOL_MEMORY_MB)); it was restarted and variables, functions and imports from earlier calls are gone",
    );
    expect(observe({ kind: "died", detail: "", outOfMemory: false }, DEFAULT_LIMITS)).toBe(
      "SandboxError: the Python sandbox ended; it was restarted and variables, functions and imports from earlier calls are gone",
    );
  });

  it("says the code did not run when work left behind ended the sandbox first", () => {
    expect(observe({ kind: "background", cpuMs: 1_000 }, DEFAULT_LIMITS)).toBe(
      "SandboxError: code kept running between calls (a worker, a timer or a promise that a call left behind: 1 s of CPU time), so the sandbox was ended before this code ran; it was restarted and variables, functions and imports from earlier calls are gone",
    );
  });

  it("says, in front of a call, how the sandbox of the call before it ended", () => {
    expect(observeLoss({ kind: "background", cpuMs: 1_234 }, DEFAULT_LIMITS)).toBe(
      "SandboxError: code kept running between calls (a worker, a timer or a promise that a call left behind: 1.2 s of CPU time), so the sandbox was ended; this call runs in a new one, and variables, functions and imports from earlier calls are gone",
    );
    expect(
      observeLoss({ kind: "died", detail: ": killed", outOfMemory: false }, DEFAULT_LIMITS),
    ).toBe(
      "SandboxError: the Python sandbox ended between calls: killed; this call runs in a new one, and variables, functions and imports from earlier calls are gone",
    );
  });
});
