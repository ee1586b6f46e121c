import { readdirSync, readFileSync } from "node:fs";
import type { ToolContext, ToolRun } from "@langchain-mini/core";

/**
 * How long a test waits for a sandbox to load, or for a call that needs a new one: Pyodide
 * takes 5 to 10 s of CPU time, seconds idle and nearly two minutes on a 2-core machine
 * under `stress-ng --cpu 4`. A sandbox that truly cannot load fails on its own, at its
 * start-up CPU bound, with a message, long before this.
 */
export const START = 600_000;

/** The pids of the deno processes whose parent is `parent` (Linux: read from /proc). */
export function denoChildren(parent = process.pid): number[] {
  const pids: number[] = [];
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, "utf8");
      // pid (comm) state ppid ...: comm may hold spaces, so read after the last ")".
      const comm = stat.slice(stat.indexOf("(") + 1, stat.lastIndexOf(")"));
      const ppid = Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]);
      if (ppid === parent && comm === "deno") pids.push(Number(entry));
    } catch {
      // The process ended while we looked.
    }
  }
  return pids;
}

export function isRunning(pid: number) {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    return stat.slice(stat.lastIndexOf(")") + 2, stat.lastIndexOf(")") + 3) !== "Z";
  } catch {
    return false;
  }
}

/** Peak resident memory (VmHWM) of `pid` in bytes; 0 once it is gone. */
export function peakResident(pid: number) {
  try {
    const status = readFileSync(`/proc/${pid}/status`, "utf8");
    return Number(/^VmHWM:\s+(\d+) kB$/m.exec(status)?.[1] ?? 0) * 1024;
  } catch {
    return 0;
  }
}

/**
 * Watches the peak resident memory of this process's deno children, old and new, until
 * `stop()`, which returns the highest seen. A peak never falls, so polling misses little.
 */
export function watchPeakResident() {
  let highest = 0;
  let watching = true;
  void (async () => {
    while (watching) {
      for (const pid of denoChildren()) highest = Math.max(highest, peakResident(pid));
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  })();
  return {
    stop() {
      watching = false;
      for (const pid of denoChildren()) highest = Math.max(highest, peakResident(pid));
      return highest;
    },
  };
}

/** User and system CPU time of `pid` so far, in clock ticks (usually 1/100 s). */
export function cpuTicks(pid: number) {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    return Number(fields[11]) + Number(fields[12]);
  } catch {
    return 0;
  }
}

/** Polls `condition` until it holds; fails after `timeoutMs` (generous: a busy machine). */
export async function waitFor(condition: () => boolean, timeoutMs = 30_000, what = "condition") {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** A run as the agent hands it to tools; `end()` is the run ending. */
export function testRun(id: string) {
  const ended = new AbortController();
  const run: ToolRun = { id, ended: ended.signal };
  return { run, end: () => ended.abort() };
}

/** A tool context for `run`, with a signal that never fires unless given one. */
export function callIn(
  run: ToolRun,
  signal: AbortSignal = new AbortController().signal,
): ToolContext {
  return { signal, run };
}
