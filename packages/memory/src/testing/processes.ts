import { spawn } from "node:child_process";
import { once } from "node:events";
import { isAbsolute } from "node:path";
import { pathToFileURL } from "node:url";

export interface ProcessesOptions {
  /** The module whose `open(location)` opens the store, as the contract's options give it. */
  readonly module: string;
  readonly location: string;
  /**
   * The child's ES module source. It gets the module's URL, the location and its own
   * arguments in `process.argv.slice(1)`, writes "ready" once its store is open, waits for
   * a line on stdin, does its work, and may write what it found after that.
   */
  readonly child: string;
  /** One process each: its own arguments, and its name in messages. */
  readonly tasks: ReadonlyArray<{ readonly label: string; readonly args: readonly string[] }>;
}

/**
 * Starts a process per task, waits for all of them to be ready, lets them go at the same
 * moment, and waits for them to exit: what each wrote after "ready", in the tasks' order.
 */
export async function runInProcesses(options: ProcessesOptions): Promise<string[]> {
  const module = isAbsolute(options.module) ? pathToFileURL(options.module).href : options.module;
  const children = options.tasks.map(({ label, args }) => {
    const child = spawn(
      process.execPath,
      ["--input-type=module", "--eval", options.child, module, options.location, ...args],
      { stdio: ["pipe", "pipe", "pipe"] },
    );
    let errors = "";
    let output = "";
    child.stderr.setEncoding("utf8").on("data", (text: string) => {
      errors += text;
    });
    const ready = new Promise<string | undefined>((resolve) => {
      child.stdout.setEncoding("utf8").on("data", (text: string) => {
        output += text;
        if (output.includes("\n")) resolve(undefined);
      });
    });
    const exited = once(child, "exit").then(([code]) =>
      code === 0 ? undefined : `The ${label} process exited with ${code}: ${errors.trim()}`,
    );
    return { child, ready: Promise.race([ready, exited]), exited, output: () => output };
  });
  try {
    const startProblems = await Promise.all(children.map(({ ready }) => ready));
    const startProblem = startProblems.find((problem) => problem !== undefined);
    if (startProblem) throw new Error(startProblem);
    for (const { child } of children) child.stdin.end("go\n");
    const problem = (await Promise.all(children.map(({ exited }) => exited))).find(Boolean);
    if (problem) throw new Error(problem);
    return children.map(({ output }) => output().slice(output().indexOf("\n") + 1));
  } finally {
    for (const { child } of children) if (child.exitCode === null) child.kill();
  }
}
