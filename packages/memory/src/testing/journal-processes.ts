import { runInProcesses } from "./processes.js";

/**
 * The child: opens the store and makes one call (so that a connection is open), says it
 * is ready, and on the word to go appends `count` observations to its run one after
 * another, then makes `swaps` attempts to take the run's lease from whatever lease it
 * reads, each with a lease of its own. It says which of its swaps won, from which owner
 * (null: no lease) to which. Inline, like the session appenders.
 */
const CHILD = `
const [module, location, task] = process.argv.slice(1);
const { runId, label, count, size, swaps } = JSON.parse(task);
const { open } = await import(module);
const store = await open(location);
await store.runs.lease(runId);
process.stdout.write("ready\\n");
process.stdin.once("data", async () => {
  process.stdin.pause();
  const observation = "x".repeat(size);
  for (let step = 1; step <= count; step++) {
    await store.runs.append(runId, { type: "tool-end", step, tool: "t", input: runId, observation });
  }
  const wins = [];
  for (let attempt = 1; attempt <= swaps; attempt++) {
    const current = await store.runs.lease(runId);
    const next = { owner: label + " " + attempt, host: "h", pid: process.pid, expiresAt: Date.now() + 3600000 };
    if (await store.runs.swapLease(runId, current, next)) wins.push([current?.owner ?? null, next.owner]);
  }
  await store.close?.();
  process.stdout.write(JSON.stringify(wins) + "\\n");
});
`;

export interface JournalTask {
  readonly runId: string;
  /** Names the process's leases and the process in messages. */
  readonly label: string;
  /** Observations to append, steps 1 to `count`, each `size` characters. */
  readonly count: number;
  readonly size: number;
  /** Attempts to swap the run's lease, after the appends. */
  readonly swaps: number;
}

/** A swap that won: the owner of the lease it replaced (null: none), and its own. */
export type Win = readonly [from: string | null, to: string];

/** Runs each task in a process of its own, all at once: the swaps each one won. */
export async function journalInProcesses(
  module: string,
  location: string,
  tasks: readonly JournalTask[],
): Promise<Win[][]> {
  const outputs = await runInProcesses({
    module,
    location,
    child: CHILD,
    tasks: tasks.map((task) => ({ label: task.label, args: [JSON.stringify(task)] })),
  });
  return outputs.map((output) => JSON.parse(output) as Win[]);
}
