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

// Between calls the sandbox does nothing: model-written code that leaves work behind (a
// thread, a timer, a promise that schedules itself) is refused, or ends its sandbox.
const STATE_LOST = "variables, functions and imports from earlier calls are gone";
const ENDED =
  /^SandboxError: code kept running between calls \(a worker, a timer or a promise that a call left behind: \d+(\.\d)? s of CPU time\), so the sandbox was ended/;

describe("work left behind by a call", () => {
  let tool: PythonTool;
  const { run, end } = testRun("between-calls");
  const python = (code: string) => tool.execute(code, callIn(run));
  /** The sandbox answering this run's calls (after a first call, the only deno child). */
  const sandbox = () => {
    const pids = denoChildren();
    expect(pids).toHaveLength(1);
    return pids[0] ?? 0;
  };

  beforeAll(async () => {
    // Room enough for a second JavaScript thread, so that one can start and spin.
    tool = createPythonTool({ env: {}, memoryMb: 1_024, prestart: false });
    await python("kept = 'state'");
  }, START);
  afterAll(() => {
    end();
    tool.close();
  });

  it(
    "cannot start a worker or a timer in the plain ways",
    async () => {
      const pid = sandbox();
      const spin = "js.eval('(() => { for (;;) {} })')";
      expect(await python(`import js\njs.Worker.new("data:text/javascript,for(;;){}")`)).toBe(
        "AttributeError: Worker",
      );
      expect(await python(`import js\njs.setInterval(${spin}, 1)`)).toBe(
        "AttributeError: setInterval",
      );
      expect(await python(`import js\njs.setTimeout(${spin}, 1)`)).toBe(
        "AttributeError: setTimeout",
      );
      expect(await python("import js\njs.MessageChannel.new()")).toBe(
        "AttributeError: MessageChannel",
      );
      // Nothing was left running: over three more seconds the process uses next to no CPU
      // time (a spinning thread would use a core's worth, less what a busy machine takes).
      const before = cpuTicks(pid);
      const until = Date.now() + 3_000;
      await waitFor(() => Date.now() >= until, 10_000, "three seconds");
      expect(cpuTicks(pid) - before).toBeLessThan(30);
      expect(await python("kept")).toBe("'state'");
      expect(sandbox()).toBe(pid);
    },
    START,
  );

  /**
   * Runs `code`, which leaves work running, waits for the sandbox to end, and checks what
   * the next call says. That call comes once the sandbox is gone, but may still find it (the
   * host learns of its end a moment later): it then says its code did not run.
   */
  async function leaveWorkBehind(code: string, returned: string) {
    const pid = sandbox();
    expect(await python(code)).toBe(returned);
    await waitFor(() => !isRunning(pid), START, "the sandbox to end");
    const next = await python("kept = 'anew'\nkept");
    expect(next).toMatch(ENDED);
    expect([
      `; this call runs in a new one, and ${STATE_LOST}\n'anew'`,
      ` before this code ran; it was restarted and ${STATE_LOST}`,
    ]).toContain(next.replace(ENDED, ""));
    // The sandbox that answers now is a new one, with nothing of the old one's state.
    expect(await python("kept = 'state'\nkept")).toBe("'state'");
  }

  it(
    "ends the sandbox of a promise that schedules itself forever, and the next call says so",
    () =>
      leaveWorkBehind(
        "import js\njs.eval('(function spin() { Promise.resolve().then(spin) })()')\n'looping'",
        "'looping'",
      ),
    START * 2,
  );

  it(
    "ends the sandbox of an asyncio task that never ends, and the next call says so",
    () =>
      leaveWorkBehind(
        "import asyncio\nasync def spin():\n    while True:\n        await asyncio.sleep(0)\ntask = asyncio.ensure_future(spin())\n'scheduled'",
        "'scheduled'",
      ),
    START * 2,
  );

  it(
    "ends the sandbox of a thread started by other means, and the next call says so",
    () =>
      leaveWorkBehind(
        "import js\njs.eval(\"import('node:worker_threads').then((threads) => new threads.Worker('for (;;) {}', { eval: true }))\")\n'started'",
        "'started'",
      ),
    START * 2,
  );
});
