import { LONGEST_TIMER_MS } from "@langchain-mini/core/provider-kit";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { resolveLimits } from "./limits.js";
import { createPythonTool, type PythonTool } from "./python-tool.js";
import { waitLimitMs } from "./sandbox-spawn.js";
import { callIn, START, testRun, watchPeakResident } from "./test-support/processes.js";

const MIB = 1024 * 1024;

describe("limit settings", () => {
  it("reads each limit from the environment, options first", () => {
    expect(resolveLimits({})).toEqual({
      cpuMs: 5_000,
      memoryMb: 512,
      outputChars: 10_000,
      startupCpuMs: 60_000,
    });
    const env = {
      PYTHON_TOOL_CPU_MS: "2500",
      PYTHON_TOOL_MEMORY_MB: " 1024 ",
      PYTHON_TOOL_OUTPUT_CHARS: "500",
      PYTHON_TOOL_STARTUP_CPU_MS: "120000",
    };
    expect(resolveLimits(env)).toEqual({
      cpuMs: 2_500,
      memoryMb: 1_024,
      outputChars: 500,
      startupCpuMs: 120_000,
    });
    expect(resolveLimits(env, { cpuMs: 900 }).cpuMs).toBe(900);
  });

  it("rejects a bad value in one line that names the setting and the range", () => {
    expect(() => resolveLimits({ PYTHON_TOOL_CPU_MS: "fast" })).toThrow(
      "PYTHON_TOOL_CPU_MS must be a whole number of milliseconds from 100 to 3600000, not fast",
    );
    expect(() => resolveLimits({ PYTHON_TOOL_MEMORY_MB: "8192" })).toThrow(
      /PYTHON_TOOL_MEMORY_MB must be a whole number of MiB from 64 to 4096, not 8192/,
    );
    expect(() => resolveLimits({}, { outputChars: 1.5 })).toThrow(/the outputChars option/);
    for (const written of ["1e4", "0x2000", "5000ms", "-5000", "5000.0"]) {
      expect(() => resolveLimits({ PYTHON_TOOL_CPU_MS: written })).toThrow(
        `PYTHON_TOOL_CPU_MS must be a whole number of milliseconds from 100 to 3600000, not ${written}`,
      );
    }
  });

  it("refuses every duration a timer cannot wait, and keeps the waits made from them below it", () => {
    for (const variable of ["PYTHON_TOOL_CPU_MS", "PYTHON_TOOL_STARTUP_CPU_MS"]) {
      for (const value of [String(LONGEST_TIMER_MS + 1), "9007199254740993", "1".repeat(400)]) {
        expect(() => resolveLimits({ [variable]: value })).toThrow(
          new RegExp(
            `^${variable} must be a whole number of milliseconds from \\d+ to 3600000, not ${value}$`,
          ),
        );
      }
    }
    expect(() => resolveLimits({}, { cpuMs: Number.POSITIVE_INFINITY })).toThrow(
      /the cpuMs option/,
    );
    const longest = resolveLimits({ PYTHON_TOOL_CPU_MS: "3600000" });
    expect(waitLimitMs(longest)).toBeLessThan(LONGEST_TIMER_MS);
  });
});

describe("each limit ends the call with an observation that names it, and the run goes on", () => {
  let tool: PythonTool;
  const { run, end } = testRun("limits");
  const python = (code: string) => tool.execute(code, callIn(run));

  beforeAll(async () => {
    tool = createPythonTool({ env: {}, cpuMs: 1_500, memoryMb: 192, outputChars: 200 });
    await tool.whenReady();
  }, START);
  afterAll(() => {
    end();
    tool.close();
  });

  it(
    "interrupts an infinite loop at its CPU time and keeps the variables",
    async () => {
      await python("before_loop = 'kept'\nspins = 0");
      expect(await python("while True:\n    spins += 1")).toBe(
        "TimeoutError: stopped after 1.5 s of CPU time (PYTHON_TOOL_CPU_MS); the variables it had set are kept",
      );
      expect(await python("before_loop, spins > 0")).toBe("('kept', True)");
    },
    START,
  );

  it(
    "interrupts a long sleep the same way",
    async () => {
      expect(await python("import time\ntime.sleep(3600)")).toMatch(
        /^TimeoutError: stopped after 1\.5 s of CPU time \(PYTHON_TOOL_CPU_MS\)/,
      );
      expect(await python("before_loop")).toBe("'kept'");
    },
    START,
  );

  it(
    "restarts a sandbox whose code will not stop when interrupted",
    async () => {
      const code =
        "while True:\n    try:\n        while True: pass\n    except KeyboardInterrupt:\n        pass";
      expect(await python(code)).toBe(
        "TimeoutError: stopped after 1.5 s of CPU time (PYTHON_TOOL_CPU_MS); it did not stop when interrupted, so the sandbox was restarted and variables, functions and imports from earlier calls are gone",
      );
      expect(await python("before_loop")).toBe("NameError: name 'before_loop' is not defined");
      expect(await python("'running again'")).toBe("'running again'");
    },
    START * 2,
  );

  it(
    "stops at the memory limit with a MemoryError and keeps the interpreter",
    async () => {
      await python("small = [1, 2, 3]");
      expect(await python("big = bytearray(400 * 1024 * 1024)")).toBe(
        "MemoryError: the memory limit of 192 MiB (PYTHON_TOOL_MEMORY_MB) was reached",
      );
      expect(
        await python("chunks = []\nwhile True:\n    chunks.append(bytearray(8 * 1024 * 1024))"),
      ).toBe("MemoryError: the memory limit of 192 MiB (PYTHON_TOOL_MEMORY_MB) was reached");
      expect(await python("del chunks\nsum(small)")).toBe("6");
    },
    START,
  );

  it(
    "cuts printed output at its limit and says so",
    async () => {
      const observation = await python("print('x' * 1000)\n'value'");
      expect(observation).toBe(
        `${"x".repeat(200)}\n[output truncated after 200 characters (PYTHON_TOOL_OUTPUT_CHARS)]\n'value'`,
      );
      const value = await python("list(range(1000))");
      expect(value).toMatch(/^\[0, 1, 2, 3, /);
      expect(value).toHaveLength(203);
      expect(value.endsWith("...")).toBe(true);
    },
    START,
  );

  it(
    "bounds endless printing by both limits",
    async () => {
      const observation = await python("while True:\n    print('again and again')");
      expect(observation).toMatch(/^again and again\n/);
      expect(observation).toContain("[output truncated after 200 characters");
      expect(observation).toContain("TimeoutError: stopped after 1.5 s of CPU time");
      expect(observation.length).toBeLessThan(600);
    },
    START,
  );
});

describe("the whole sandbox's memory", () => {
  let tool: PythonTool;
  const { run, end } = testRun("memory");
  const python = (code: string) => tool.execute(code, callIn(run));

  beforeAll(async () => {
    tool = createPythonTool({ env: {}, cpuMs: 20_000, memoryMb: 128 });
    await tool.whenReady();
  }, START);
  afterAll(() => {
    end();
    tool.close();
  });

  it(
    "counts memory taken through JavaScript against the same limit",
    async () => {
      const peak = watchPeakResident();
      const attempts = [
        "import js\ndef fill():\n    held = []\n    while True:\n        held.append(js.Uint8Array.new(16 * 1024 * 1024).fill(1))\nfill()",
        "import js\njs.ArrayBuffer.new(1024 * 1024 * 1024)",
        "import js\njs.Uint8Array.new(3 * 1024 * 1024 * 1024).fill(7)",
        "import js\njs.WebAssembly.Memory.new(js.Object.fromEntries([['initial', 8192]]))",
        "import pyodide.ffi\n[pyodide.ffi.to_js(bytes(8 * 1024 * 1024)) for _ in range(100)]",
      ];
      for (const attempt of attempts) {
        // Refused, or (when what ran out was the room the interpreter itself needed) the
        // sandbox ended: a memory error either way, and the next call is answered.
        expect(await python(attempt)).toMatch(
          /^MemoryError: (the memory limit of 128 MiB \(PYTHON_TOOL_MEMORY_MB\) was reached|the sandbox ran out of memory \(the memory limit of 128 MiB \(PYTHON_TOOL_MEMORY_MB\)\); it was restarted and variables, functions and imports from earlier calls are gone)$/,
        );
        expect(await python("'answering'")).toBe("'answering'");
      }
      // What Pyodide holds once loaded (about 220 MiB), Python's 128 MiB and JavaScript's
      // heap (128 MiB), with room for what the kernel counts beyond writable memory: never
      // the gigabytes asked for.
      expect(peak.stop()).toBeLessThan((220 + 128 + 128 + 64) * MIB);
    },
    START * 2,
  );
});

describe("the bounds that no busy machine reaches", () => {
  it(
    "gives up loading Python past its CPU time, in one line that names the setting",
    async () => {
      const tool = createPythonTool({ env: {}, startupCpuMs: 1_000, prestart: false });
      const { run, end } = testRun("slow-start");
      await expect(tool.execute("1 + 1", callIn(run))).rejects.toThrow(
        "the Python sandbox could not start: loading Python took more than 1 s of CPU time (PYTHON_TOOL_STARTUP_CPU_MS), where it usually takes 5 to 10 s: raise PYTHON_TOOL_STARTUP_CPU_MS on a slow machine",
      );
      end();
      tool.close();
    },
    START,
  );

  it(
    "ends a call that waits without computing at the waiting limit, then starts afresh",
    async () => {
      const tool = createPythonTool({ env: {}, cpuMs: 1_000 });
      const { run, end } = testRun("waits");
      const python = (code: string) => tool.execute(code, callIn(run));
      await python("before = 1");
      const blocked =
        "import js\njs.Atomics.wait(js.Int32Array.new(js.SharedArrayBuffer.new(4)), 0, 0)";
      expect(await python(blocked)).toBe(
        "TimeoutError: stopped after 30 s of waiting (4 times PYTHON_TOOL_CPU_MS, at least 30 s); the sandbox was restarted and variables, functions and imports from earlier calls are gone",
      );
      expect(await python("'running again'")).toBe("'running again'");
      end();
      tool.close();
    },
    START,
  );
});
