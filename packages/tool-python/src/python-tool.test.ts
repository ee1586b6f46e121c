import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createPythonTool, type PythonTool } from "./python-tool.js";
import {
  callIn,
  cpuTicks,
  denoChildren,
  isRunning,
  START,
  testRun,
  waitFor,
} from "./test-support/processes.js";

describe("the python tool, as a REPL within one run", () => {
  let tool: PythonTool;
  const { run, end } = testRun("repl");
  const python = (code: string) => tool.execute(code, callIn(run));

  beforeAll(async () => {
    tool = createPythonTool({ env: {}, outputChars: 40_000 });
    await tool.whenReady();
  }, START);
  afterAll(() => tool.close());

  it("shows what the code printed, then the value of the final expression", async () => {
    expect(await python('x = 6 * 7\nprint("x is", x)\nx')).toBe("x is 42\n42");
    expect(await python("'text'")).toBe("'text'");
  });

  it("shows no value for None or a statement, and says so when nothing was shown", async () => {
    expect(await python("print('only this')\nNone")).toBe("only this");
    expect(await python("y = 1")).toMatch(/^\(no output: print a value/);
    expect(await python("y + 1;")).toMatch(/^\(no output/);
  });

  it("keeps variables, functions and imports from one call to the next", async () => {
    await python("import math\ndef area(r):\n    return math.pi * r ** 2\ncount = 10");
    expect(await python("count += 1\nround(area(2), 3), count")).toBe("(12.566, 11)");
  });

  it("ends with the last line of the traceback, after what was printed", async () => {
    expect(await python("def f():\n    return 1 / 0\nprint('before')\nf()")).toBe(
      "before\nZeroDivisionError: division by zero",
    );
    expect(await python("undefined_name")).toBe("NameError: name 'undefined_name' is not defined");
    expect(await python("def broken(:\n    pass")).toBe("SyntaxError: invalid syntax (line 1)");
    expect(await python("raise ValueError('first line\\nsecond line')")).toBe(
      "ValueError: first line",
    );
  });

  it("runs the pure-Python standard library offline", async () => {
    const code = [
      "import math, statistics, datetime, json, re, itertools, fractions, decimal",
      "print(math.factorial(10), statistics.median([3, 1, 2]))",
      "print(datetime.date(2024, 3, 1) - datetime.timedelta(days=1))",
      "print(json.dumps({'a': [1, 2]}), re.findall(r'\\d+', 'a1b22'))",
      "print(list(itertools.combinations('abc', 2))[:2])",
      "print(fractions.Fraction(1, 3) + fractions.Fraction(1, 6))",
      "decimal.Decimal('0.1') + decimal.Decimal('0.2')",
    ].join("\n");
    expect(await python(code)).toBe(
      [
        "3628800 2",
        "2024-02-29",
        "{\"a\": [1, 2]} ['1', '22']",
        "[('a', 'b'), ('a', 'c')]",
        "1/2",
        "Decimal('0.3')",
      ].join("\n"),
    );
  });

  it("says in one line that packages needing a download are unavailable", async () => {
    for (const name of ["numpy", "requests", "micropip"]) {
      const observation = await python(`import ${name}`);
      expect(observation).toBe(
        `ModuleNotFoundError: No module named '${name}': only Python's standard library is available here (packages cannot be downloaded)`,
      );
    }
  });

  it("takes code wrapped in a Markdown fence or backticks, and indented code", async () => {
    expect(await python("```python\nprint('fenced')\n```")).toBe("fenced");
    expect(await python("`2 ** 10`")).toBe("1024");
    expect(await python("\n    a = 3\n    a * 2\n")).toBe("6");
    expect(await python("   ")).toMatch(/^No code given/);
  });

  it("keeps text whole that crosses the pipe in pieces, characters of four bytes and all", async () => {
    // Over 100 KB of reply: it reaches the host in several reads, split mid-character.
    const observation = await python("print('😀' * 15000)\n'é😀' * 10000");
    expect(observation).toBe(`${"😀".repeat(15000)}\n'${"é😀".repeat(10000)}'`);
  });

  it("answers input() with an end of file rather than waiting", async () => {
    expect(await python("input('name? ')")).toBe("name?\nEOFError: EOF when reading a line");
  });

  it(
    "forgets everything when the run ends: the next run has a fresh interpreter",
    async () => {
      await python("secret_of_run_one = 1");
      const runSandbox = denoChildren();
      end();
      // The run's sandbox ends; a spare for the next run starts.
      await waitFor(
        () => runSandbox.every((pid) => !isRunning(pid)),
        START,
        "the run's sandbox to end",
      );
      const next = testRun("after");
      expect(await tool.execute("secret_of_run_one", callIn(next.run))).toBe(
        "NameError: name 'secret_of_run_one' is not defined",
      );
      next.end();
    },
    START,
  );
});

describe("the python tool's sandbox processes", () => {
  it(
    "starts one in the background when created, and close() ends it",
    async () => {
      const tool = createPythonTool({ env: {} });
      await waitFor(() => denoChildren().length > 0, START, "a deno process");
      const pids = denoChildren();
      tool.close();
      await waitFor(() => pids.every((pid) => !isRunning(pid)), START, "deno to end");
    },
    START,
  );

  it(
    "cancels a running call at once and leaves no process behind",
    async () => {
      const tool = createPythonTool({ env: {}, cpuMs: 600_000 });
      const { run, end } = testRun("cancel");
      const controller = new AbortController();
      await tool.whenReady();
      const call = tool.execute("while True:\n    pass", callIn(run, controller.signal));
      // The loop is running once the sandbox has used CPU time for it; aborting then.
      const pids = denoChildren();
      expect(pids.length).toBe(1);
      const [pid = 0] = pids;
      const idle = cpuTicks(pid);
      await waitFor(() => cpuTicks(pid) > idle + 20, START, "the loop to run");
      controller.abort();
      await expect(call).rejects.toThrow(/cancelled/);
      await waitFor(() => pids.every((pid) => !isRunning(pid)), 10_000, "the sandbox to end");
      end();
      tool.close();
      await waitFor(() => denoChildren().length === 0, START, "no deno left");
    },
    START,
  );

  it(
    "restarts a sandbox whose interpreter failed, for the next call",
    async () => {
      const tool = createPythonTool({ env: {} });
      const { run, end } = testRun("crash");
      await tool.execute("kept = 1", callIn(run));
      expect(await tool.execute("import os\nos._exit(3)", callIn(run))).toMatch(
        /^SandboxError: the Python interpreter failed \(.*exit\(3\)\); it was restarted and variables, functions and imports from earlier calls are gone$/,
      );
      expect(await tool.execute("kept", callIn(run))).toBe("NameError: name 'kept' is not defined");
      expect(await tool.execute("1 + 1", callIn(run))).toBe("2");
      end();
      tool.close();
    },
    START * 2,
  );
});
