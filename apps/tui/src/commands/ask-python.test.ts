import { readdirSync, readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { runCli, tempDir, writeScript } from "../test-support/cli.js";

// Each ask starts a Python sandbox (Pyodide in Deno: seconds of CPU, more on a busy
// 2-core machine), so every test has minutes.
const SLOW = 180_000;

const act = (code: string) => ` I will compute it\nAction: python\nAction Input: ${code}`;
const answer = (text: string) => ` I now know the final answer\nFinal Answer: ${text}`;

function ask(replies: readonly unknown[], env: Record<string, string> = {}) {
  const directory = tempDir();
  const script = writeScript(directory, replies);
  return runCli(
    [
      "ask",
      ...["--llm", `script:${script}`, "--tools", "python"],
      // The tool waits for approval, and these runs have no terminal to ask on.
      ...["--approval", "never", "a question"],
    ],
    {
      cwd: directory,
      env,
    },
  );
}

/** The observations in ask's text trace, in order. */
function observations(stderr: string) {
  return stderr
    .split(/\n(?=Observation: )/)
    .slice(1)
    .map((part) =>
      part
        .slice("Observation: ".length)
        .split(/\n(?:Thought:|Final Answer:| I )/)[0]
        ?.trim(),
    );
}

describe("ask --tools python, with a scripted LLM", () => {
  it(
    "shows prints, the final expression and tracebacks, keeping state across calls",
    async () => {
      const result = await ask([
        act('x = 6 * 7\nprint("x is", x)'),
        act("def double(n):\n    return 2 * n\ndouble(x)"),
        act("import statistics\nstatistics.mean([x, double(x)])"),
        act("double(undefined)"),
        answer("x is 42"),
      ]);
      expect(result.stdout).toBe("x is 42\n");
      expect(result.status).toBe(0);
      expect(observations(result.stderr)).toEqual([
        "x is 42",
        "84",
        "63",
        "NameError: name 'undefined' is not defined",
      ]);
    },
    SLOW,
  );

  it(
    "starts each run with a fresh interpreter",
    async () => {
      const first = await ask([act("kept = 'from the first run'\nkept"), answer("set")]);
      expect(observations(first.stderr)).toEqual(["'from the first run'"]);
      const second = await ask([act("kept"), answer("gone")]);
      expect(observations(second.stderr)).toEqual(["NameError: name 'kept' is not defined"]);
      expect(second.status).toBe(0);
    },
    SLOW,
  );

  it(
    "names each limit it hits and goes on to a final answer",
    async () => {
      const result = await ask(
        [
          act("before = 1\nwhile True:\n    pass"),
          act("big = bytearray(512 * 1024 * 1024)"),
          act("print('y' * 500)"),
          act("before"),
          answer("the limits held"),
        ],
        {
          PYTHON_TOOL_CPU_MS: "1000",
          PYTHON_TOOL_MEMORY_MB: "128",
          PYTHON_TOOL_OUTPUT_CHARS: "100",
        },
      );
      expect(result.stdout).toBe("the limits held\n");
      expect(result.status).toBe(0);
      expect(observations(result.stderr)).toEqual([
        "TimeoutError: stopped after 1 s of CPU time (PYTHON_TOOL_CPU_MS); the variables it had set are kept",
        "MemoryError: the memory limit of 128 MiB (PYTHON_TOOL_MEMORY_MB) was reached",
        `${"y".repeat(100)}\n[output truncated after 100 characters (PYTHON_TOOL_OUTPUT_CHARS)]`,
        "1",
      ]);
    },
    SLOW,
  );

  for (const [signal, status] of [
    ["SIGINT", 130],
    ["SIGTERM", 143],
  ] as const) {
    it(
      `stops a running call on ${signal} and leaves no process behind`,
      async () => {
        let sandboxes: number[] = [];
        const directory = tempDir();
        const script = writeScript(directory, [
          act("print('warm')"),
          act("while True:\n    pass"),
          answer("never"),
        ]);
        const result = await runCli(
          [
            "ask",
            ...["--llm", `script:${script}`, "--tools", "python"],
            // The tool waits for approval, and these runs have no terminal to ask on.
            ...["--approval", "never", "a question"],
          ],
          {
            cwd: directory,
            env: { PYTHON_TOOL_CPU_MS: "600000" },
            onSpawn: (child) => {
              let trace = "";
              child.stderr?.on("data", (chunk: string) => {
                trace += chunk;
              });
              void (async () => {
                // After the first observation the sandbox is warm; once it has spun for a
                // while in the second call's loop, the signal lands mid-call.
                let spinningFrom: number | undefined;
                const deadline = Date.now() + SLOW;
                while (Date.now() < deadline) {
                  sandboxes = denoChildren(child.pid ?? 0);
                  const [pid] = sandboxes;
                  if (pid !== undefined && trace.includes("Observation: warm")) {
                    spinningFrom ??= cpuSeconds(pid);
                    if (cpuSeconds(pid) > spinningFrom + 0.5) break;
                  }
                  await new Promise((resolve) => setTimeout(resolve, 100));
                }
                child.kill(signal);
              })();
            },
          },
        );
        expect(result.status).toBe(status);
        expect(result.stdout).toBe("");
        expect(result.stderr).toContain("cancelled");
        expect(sandboxes.length).toBeGreaterThan(0);
        // ask kills its sandbox on the way out; the kernel may take a moment to finish it.
        const deadline = Date.now() + 10_000;
        while (sandboxes.some(isRunning) && Date.now() < deadline) {
          await new Promise((resolve) => setTimeout(resolve, 50));
        }
        expect(sandboxes.filter(isRunning)).toEqual([]);
      },
      SLOW,
    );
  }

  it(
    "refuses --tools python in one line when deno is missing",
    async () => {
      const result = await ask([answer("unused")], { PYTHON_TOOL_DENO: "/nonexistent/deno" });
      expect(result.status).toBe(2);
      expect(result.stderr).toBe(
        "langchain-mini: stopped: --tools names python, which cannot run: PYTHON_TOOL_DENO names /nonexistent/deno, which does not exist: point it at a deno executable (2.x) or unset it (or leave python out of --tools)\n",
      );
    },
    SLOW,
  );
});

// Linux's /proc: which deno processes a pid started, and whether they still run.
function denoChildren(parent: number): number[] {
  return readdirSync("/proc")
    .filter((entry) => /^\d+$/.test(entry))
    .filter((entry) => {
      const stat = readStat(Number(entry));
      return stat?.comm === "deno" && stat.fields[1] === String(parent);
    })
    .map(Number);
}

function cpuSeconds(pid: number) {
  const fields = readStat(pid)?.fields ?? [];
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

function isRunning(pid: number) {
  const state = readStat(pid)?.fields[0];
  return state !== undefined && state !== "Z";
}

function readStat(pid: number) {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    const comm = stat.slice(stat.indexOf("(") + 1, stat.lastIndexOf(")"));
    return { comm, fields: stat.slice(stat.lastIndexOf(")") + 2).split(" ") };
  } catch {
    return undefined;
  }
}
