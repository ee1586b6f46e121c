import { readdirSync, readFileSync } from "node:fs";

/** Windows has no process groups to signal: there the child alone is. */
export const HAS_GROUPS = process.platform !== "win32";

/** At exit, how long groups that were sent SIGTERM then get before SIGKILL. */
const EXIT_GRACE_MS = 200;

/** Every group still running, for the last-resort stop as this process exits. */
const running = new Set<ProcessGroup>();
let exitHookInstalled = false;

/**
 * A child spawned `detached`, so that it leads a process group of its own: whatever it
 * starts (npx's node, the command of `sh -c`, a server's helpers) is in the group and is
 * stopped with it, and none is left running under PID 1 once this process has gone.
 */
export class ProcessGroup {
  #terminated = false;

  constructor(readonly leader: number) {
    installExitHook();
    running.add(this);
  }

  signal(name: NodeJS.Signals) {
    if (name === "SIGTERM") this.#terminated = true;
    try {
      process.kill(HAS_GROUPS ? -this.leader : this.leader, name);
    } catch {
      // Every process of the group has exited already.
    }
  }

  /** Whether a process of the group still runs; one that has exited but is not reaped yet does not. */
  isRunning(): boolean {
    try {
      process.kill(HAS_GROUPS ? -this.leader : this.leader, 0);
    } catch (error) {
      return (error as NodeJS.ErrnoException).code === "EPERM";
    }
    return HAS_GROUPS ? hasLiveMember(this.leader) : true;
  }

  /**
   * Ends the group once its leader's stdin is closed: `eofGraceMs` to exit by itself,
   * then SIGTERM and `termGraceMs`, then SIGKILL for whatever ignores it.
   */
  async stop(eofGraceMs: number, termGraceMs: number) {
    if (!(await this.#stoppedWithin(eofGraceMs))) {
      this.signal("SIGTERM");
      if (!(await this.#stoppedWithin(termGraceMs))) this.signal("SIGKILL");
    }
    running.delete(this);
  }

  /** The last resort: SIGTERM unless it was sent, and SIGKILL for what is left after a short grace. */
  static stopAllNow() {
    const groups = [...running].filter((group) => group.isRunning());
    for (const group of groups) if (!group.#terminated) group.signal("SIGTERM");
    const deadline = performance.now() + EXIT_GRACE_MS;
    while (groups.some((group) => group.isRunning()) && performance.now() < deadline) {
      // Only synchronous work is possible while the process exits.
      Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 10);
    }
    for (const group of groups) if (group.isRunning()) group.signal("SIGKILL");
    running.clear();
  }

  async #stoppedWithin(ms: number) {
    const deadline = performance.now() + ms;
    while (this.isRunning()) {
      if (performance.now() >= deadline) return false;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    return true;
  }
}

/**
 * When the host exits without stopping its servers (process.exit from a signal handler,
 * an uncaught error), every group still running is stopped on the way out.
 */
function installExitHook() {
  if (exitHookInstalled) return;
  exitHookInstalled = true;
  process.once("exit", () => ProcessGroup.stopAllNow());
}

/**
 * Whether a process of the group is alive rather than a zombie: an orphan's zombie
 * lingers where PID 1 does not reap (some containers), and still counts for kill(2).
 * Where /proc cannot tell, kill(2)'s word stands.
 */
function hasLiveMember(group: number) {
  let entries: string[];
  try {
    entries = readdirSync("/proc");
  } catch {
    return true;
  }
  return entries.some((entry) => {
    if (!/^\d+$/.test(entry)) return false;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, "utf8");
      // After the command's closing parenthesis: state, parent, process group, …
      const [state, , processGroup] = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
      return Number(processGroup) === group && state !== "Z" && state !== "X";
    } catch {
      return false;
    }
  });
}
