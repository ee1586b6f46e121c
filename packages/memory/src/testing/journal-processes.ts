import type { RunLease } from "@langchain-mini/core";
import { runInProcesses } from "./processes.js";

/**
 * The child: opens the store, says it is ready, and on the word to go swaps the run's
 * lease (when told to), appends `count` observations to its run one after another,
 * closes the store and says whether its swap won. Inline, like the session appenders.
 */
const CHILD = `
const [module, location, task] = process.argv.slice(1);
const { runId, count, size, expected, next } = JSON.parse(task);
const { open } = await import(module);
const store = await open(location);
process.stdout.write("ready\\n");
process.stdin.once("data", async () => {
  process.stdin.pause();
  const swapped = next ? await store.runs.swapLease(runId, expected ?? undefined, next) : null;
  const observation = "x".repeat(size);
  for (let step = 1; step <= count; step++) {
    await store.runs.append(runId, { type: "tool-end", step, tool: "t", input: runId, observation });
  }
  await store.close?.();
  process.stdout.write(JSON.stringify({ swapped }) + "\\n");
});
`;

export interface JournalTask {
  readonly runId: string;
  /** Observations to append, steps 1 to `count`, each `size` characters. */
  readonly count: number;
  readonly size: number;
  /** Swap the run's lease from `expected` (none when left out) to `next` first. */
  readonly expected?: RunLease;
  readonly next?: RunLease;
}

/** Runs each task in a process of its own, all at once: whether each one's swap won. */
export async function journalInProcesses(
  module: string,
  location: string,
  tasks: readonly JournalTask[],
): Promise<Array<boolean | null>> {
  const outputs = await runInProcesses({
    module,
    location,
    child: CHILD,
    tasks: tasks.map((task, index) => ({
      label: `${task.runId} #${index + 1}`,
      args: [JSON.stringify(task)],
    })),
  });
  return outputs.map((output) => (JSON.parse(output) as { swapped: boolean | null }).swapped);
}
