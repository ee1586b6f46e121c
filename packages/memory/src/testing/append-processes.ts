import { spawn } from "node:child_process";
import { once } from "node:events";
import { isAbsolute } from "node:path";
import { pathToFileURL } from "node:url";

/**
 * The child: opens the store with the module's `open(location)`, says it is ready, waits
 * for the word to go (so that every child appends at the same time), appends its turns
 * one after another, and closes the store. Inline, so that it runs the same from sources
 * and from the published package.
 */
const CHILD = `
const [module, location, label, count, size] = process.argv.slice(1);
const { open } = await import(module);
const store = await open(location);
process.stdout.write("ready\\n");
process.stdin.once("data", async () => {
  process.stdin.pause();
  const padding = "x".repeat(Number(size));
  for (let index = 0; index < Number(count); index++) {
    await store.append("shared", {
      type: "turn",
      question: label + " " + index,
      answer: padding,
      at: new Date().toISOString(),
    });
  }
  await store.close?.();
});
`;

export interface AppendProcessesOptions {
  readonly module: string;
  readonly location: string;
  readonly labels: readonly string[];
  readonly count: number;
  readonly size: number;
}

/** Starts a process per label, lets them all append to session "shared" at once, waits. */
export async function appendFromProcesses(options: AppendProcessesOptions) {
  const module = isAbsolute(options.module) ? pathToFileURL(options.module).href : options.module;
  const children = options.labels.map((label) => {
    const child = spawn(
      process.execPath,
      [
        "--input-type=module",
        "--eval",
        CHILD,
        module,
        options.location,
        label,
        String(options.count),
        String(options.size),
      ],
      { stdio: ["pipe", "pipe", "pipe"] },
    );
    let errors = "";
    child.stderr.setEncoding("utf8").on("data", (text: string) => {
      errors += text;
    });
    const exited = once(child, "exit").then(([code]) =>
      code === 0 ? undefined : `The ${label} process exited with ${code}: ${errors.trim()}`,
    );
    const ready = new Promise<string | undefined>((resolve) =>
      child.stdout.once("data", () => resolve(undefined)),
    );
    return { child, ready: Promise.race([ready, exited]), exited };
  });
  try {
    const startProblems = await Promise.all(children.map(({ ready }) => ready));
    const startProblem = startProblems.find((problem) => problem !== undefined);
    if (startProblem) throw new Error(startProblem);
    for (const { child } of children) child.stdin.end("go\n");
    const problem = (await Promise.all(children.map(({ exited }) => exited))).find(Boolean);
    if (problem) throw new Error(problem);
  } finally {
    for (const { child } of children) if (child.exitCode === null) child.kill();
  }
}
