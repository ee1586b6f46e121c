import { runInProcesses } from "./processes.js";

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
  await runInProcesses({
    module: options.module,
    location: options.location,
    child: CHILD,
    tasks: options.labels.map((label) => ({
      label,
      args: [label, String(options.count), String(options.size)],
    })),
  });
}
