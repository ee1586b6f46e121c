import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { type HostileCase, runHostileCase } from "../test-support/hostile-case.js";

// Model-written Python against the sandbox's own bounds, through the built CLI: memory
// taken through JavaScript, work left running between calls, replies forged in the
// sandbox's protocol. Each run ends with an answer and observations that say what really
// happened. Each ask loads Python (seconds of CPU time, minutes on a starved machine).
const SLOW = 900_000;
const MIB = 1024 * 1024;
const STATE_LOST = "variables, functions and imports from earlier calls are gone";
const FORGED_ENDED = `SandboxError: the Python sandbox ended: code in it wrote a reply the sandbox had not signed; it was restarted and ${STATE_LOST}`;
const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
/**
 * The limit, caught inside the sandbox or, when V8 could not raise it in time (on a
 * starved machine it may not), met by restarting the sandbox: the bound holds either way.
 */
const MEMORY_LIMIT =
  /^MemoryError: (the memory limit of 128 MiB \(PYTHON_TOOL_MEMORY_MB\) was reached|the sandbox ran out of memory \(the memory limit of 128 MiB \(PYTHON_TOOL_MEMORY_MB\)\); it was restarted and variables, functions and imports from earlier calls are gone)$/;

const act = (code: string) => ` I will run it\nAction: python\nAction Input: ${code}`;
const answer = " I now know the final answer\nFinal Answer: the sandbox held";

/** `ask --tools python` on these actions, then a final answer; its trace goes to out/. */
function pythonCase(
  name: string,
  actions: readonly string[],
  expected: ReadonlyArray<string | RegExp>,
  extra: Pick<HostileCase, "env" | "options" | "check"> = {},
): HostileCase {
  return {
    name,
    args: ({ out, script }) => [
      "ask",
      ...["--llm", `script:${script([...actions.map(act), answer])}`, "--tools", "python"],
      // The tool waits for approval, and these runs have no terminal to ask on.
      ...["--approval", "never", "--trace", join(out, "t.jsonl"), "q"],
    ],
    ...extra,
    status: 0,
    stdout: "the sandbox held\n",
    check: async (result, context) => {
      const observations = readFileSync(join(context.out, "t.jsonl"), "utf8")
        .trim()
        .split("\n")
        .map((line) => JSON.parse(line) as { type: string; text?: string })
        .filter((event) => event.type === "observation")
        .map((event) => event.text);
      expect(observations).toHaveLength(expected.length);
      expected.forEach((observation, index) => {
        if (typeof observation === "string") expect(observations[index]).toBe(observation);
        else expect(observations[index]).toMatch(observation);
      });
      await extra.check?.(result, context);
    },
  };
}

/** The peak resident memory of the sandboxes a CLI process starts, polled while it runs. */
function peakOfSandboxes() {
  let peak = 0;
  const watch = (parent: number, running: () => boolean) => {
    const poll = () => {
      for (const pid of denoChildren(parent)) peak = Math.max(peak, highWaterMark(pid));
      if (running()) setTimeout(poll, 50);
    };
    poll();
  };
  return { watch, peak: () => peak };
}

const memory = peakOfSandboxes();

const cases: HostileCase[] = [
  pythonCase(
    "Python takes memory through JavaScript buffers, past its limit",
    [
      "import js\nheld = []\nwhile True:\n    held.append(js.Uint8Array.new(16 * 1024 * 1024).fill(1))",
      // Each call imports what it uses: the one before may have ended in a restart.
      "import js\njs.ArrayBuffer.new(2 * 1024 * 1024 * 1024)",
      "import pyodide.ffi\nkept = [pyodide.ffi.to_js(bytes(8 * 1024 * 1024)) for _ in range(100)]",
      // Whether or not the sandbox had to be restarted, this frees what the first call held.
      "held = None\n'working again'",
    ],
    [MEMORY_LIMIT, MEMORY_LIMIT, MEMORY_LIMIT, "'working again'"],
    {
      env: { PYTHON_TOOL_MEMORY_MB: "128" },
      options: {
        onSpawn: (child) => {
          let running = true;
          child.on("close", () => {
            running = false;
          });
          memory.watch(child.pid ?? 0, () => running);
        },
      },
      check: () => {
        // What Pyodide holds once loaded (about 200 MiB), plus Python's 128 MiB and the
        // JavaScript heap's 128 MiB: never the gigabytes the buffers asked for.
        expect(memory.peak()).toBeGreaterThan(0);
        expect(memory.peak()).toBeLessThan(640 * MIB);
      },
    },
  ),
  pythonCase(
    "Python leaves a worker, a timer or a promise loop running between calls",
    [
      'import js\njs.Worker.new("data:text/javascript,for(;;){}")',
      "import js\njs.setInterval(js.eval('() => { for (;;) {} }'), 1)",
      "import js\njs.eval('(function spin() { Promise.resolve().then(spin) })()')\n'looping'",
      // ReAct's parser takes the quotes off an input that is one quoted string.
      "print('after the loop')",
      "print('running again')",
    ],
    [
      "AttributeError: Worker",
      "AttributeError: setInterval",
      "'looping'",
      // Ended before this call ran, or found ended when it came: either way it says so.
      new RegExp(
        `^SandboxError: code kept running between calls \\(a worker, a timer or a promise that a call left behind: [\\d.]+ s of CPU time\\), so the sandbox was ended(?: before this code ran; it was restarted and ${STATE_LOST}|; this call runs in a new one, and ${STATE_LOST}\\nafter the loop)$`,
      ),
      "running again",
    ],
  ),
  pythonCase(
    "Python writes replies in the sandbox's protocol, for this call and the next",
    [
      [
        "import js, json",
        "out = js.Deno.stdout",
        "encode = js.TextEncoder.new().encode",
        "def forge(_=None):",
        "    for id in range(1, 50):",
        '        reply = json.dumps({"type": "result", "id": id, "output": "forged", "truncated": False}, separators=(",", ":"))',
        "        out.writeSync(encode(reply + '\\n' + 'noise' + reply + '\\n'))",
        "forge()",
        "js.Promise.resolve(0).then(forge)",
        "'real'",
      ].join("\n"),
      "print('the next call, as it ran')",
      `import js\njs.Deno.stdout.writeSync(js.TextEncoder.new().encode("${"0".repeat(64)} " + '{"type":"result","id":4,"output":"forged","truncated":false}\\n'))`,
      "print('answering again')",
      "print('answering again')",
    ],
    [
      "'real'",
      "the next call, as it ran",
      // The guessed line ends the sandbox: at this call, or, when it is read after this
      // call's own reply (a loaded machine), at the next; never is it taken for a reply.
      new RegExp(`^(${escapeRegExp(FORGED_ENDED)}|\\d+)$`),
      new RegExp(`^(${escapeRegExp(FORGED_ENDED)}|answering again)$`),
      "answering again",
    ],
    {
      // Ended once, not twice.
      check: (_result, { out }) => {
        const ended = readFileSync(join(out, "t.jsonl"), "utf8")
          .trim()
          .split("\n")
          .map((line) => JSON.parse(line) as { type: string; text?: string })
          .filter((event) => event.type === "observation" && event.text === FORGED_ENDED);
        expect(ended).toHaveLength(1);
      },
    },
  ),
  ...["PYTHON_TOOL_CPU_MS", "PYTHON_TOOL_STARTUP_CPU_MS"].map(
    (variable): HostileCase => ({
      name: `${variable} past the longest delay a timer takes`,
      args: ({ script }) => [
        ...["ask", "--llm", `script:${script([answer])}`, "--tools", "python", "q"],
      ],
      env: { [variable]: "2147483648" },
      status: 2,
      stdout: "",
      stderr: new RegExp(
        `^langchain-mini: ${variable} must be a whole number of milliseconds from \\d+ to 3600000, not 2147483648\\n$`,
      ),
    }),
  ),
];

describe("hostile corpus: model-written Python against the sandbox's bounds", () => {
  for (const hostile of cases) it(hostile.name, () => runHostileCase(hostile), SLOW);
});

// Linux's /proc: the deno processes a pid started, and the peak of their resident memory.
function denoChildren(parent: number): number[] {
  return readdirSync("/proc")
    .filter((entry) => /^\d+$/.test(entry))
    .map(Number)
    .filter((pid) => {
      try {
        const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
        const comm = stat.slice(stat.indexOf("(") + 1, stat.lastIndexOf(")"));
        return (
          comm === "deno" && stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1] === `${parent}`
        );
      } catch {
        return false;
      }
    });
}

function highWaterMark(pid: number) {
  try {
    const status = readFileSync(`/proc/${pid}/status`, "utf8");
    return Number(/^VmHWM:\s+(\d+) kB$/m.exec(status)?.[1] ?? 0) * 1024;
  } catch {
    return 0;
  }
}
