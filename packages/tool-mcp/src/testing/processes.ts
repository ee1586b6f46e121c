import type { ChildProcess } from "node:child_process";
import { readdirSync, readFileSync } from "node:fs";
import { createServer } from "node:net";

export async function stopProcess(child: ChildProcess) {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once("exit", resolve));
  child.kill("SIGTERM");
  await exited;
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      const port = typeof address === "object" && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

/** Whether a process runs; one that has exited but is not reaped yet (a zombie) does not. */
export function isRunning(pid: number) {
  try {
    process.kill(pid, 0);
  } catch {
    return false;
  }
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    return !stat.slice(stat.lastIndexOf(")") + 2).startsWith("Z");
  } catch {
    return false;
  }
}

/**
 * Running processes whose command line includes `match` (Linux's /proc), only this
 * process's children when `parent` is given.
 */
export function processesMatching(match: string, parent?: number): number[] {
  return readdirSync("/proc")
    .filter((entry) => /^\d+$/.test(entry))
    .filter((entry) => {
      try {
        const command = readFileSync(`/proc/${entry}/cmdline`, "utf8");
        if (!command.includes(match) || !isRunning(Number(entry))) return false;
        if (parent === undefined) return true;
        const status = readFileSync(`/proc/${entry}/status`, "utf8");
        return Number(/PPid:\s+(\d+)/.exec(status)?.[1]) === parent;
      } catch {
        return false;
      }
    })
    .map(Number);
}

/** Waits for a condition, checking every 20 ms, up to `timeoutMs` (generous: machines are busy). */
export async function waitFor(condition: () => boolean, what: string, timeoutMs = 30_000) {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** A process's process group (Linux's /proc), or undefined once it is gone. */
export function groupOf(pid: number): number | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    return Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[2]);
  } catch {
    return undefined;
  }
}

/** The running processes (not zombies) of a process group. */
export function processesInGroup(group: number): number[] {
  return readdirSync("/proc")
    .filter((entry) => /^\d+$/.test(entry))
    .map(Number)
    .filter((pid) => groupOf(pid) === group && isRunning(pid));
}

/** A process's resident memory in MB (Linux's /proc), or undefined once it is gone. */
export function residentMegabytes(pid: number): number | undefined {
  try {
    const status = readFileSync(`/proc/${pid}/status`, "utf8");
    const kilobytes = Number(/VmRSS:\s+(\d+) kB/.exec(status)?.[1]);
    return Number.isFinite(kilobytes) ? kilobytes / 1024 : undefined;
  } catch {
    return undefined;
  }
}
