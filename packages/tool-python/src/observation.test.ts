import { describe, expect, it } from "vitest";
import { DEFAULT_LIMITS } from "./limits.js";
import { observe } from "./observation.js";

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
    expect(observe({ kind: "stuck", output: "partial\n", limit: "wall" }, DEFAULT_LIMITS)).toBe(
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
      "MemoryError: the sandbox ran out of memory and was restarted (the memory limit of 512 MiB (PYTHON_TOOL_MEMORY_MB)); variables, functions and imports from earlier calls are gone",
    );
    expect(observe({ kind: "died", detail: "", outOfMemory: false }, DEFAULT_LIMITS)).toBe(
      "SandboxError: the Python sandbox ended; it was restarted and variables, functions and imports from earlier calls are gone",
    );
  });
});
