// The sandbox's bounds are counted in CPU time, the whole process's (every thread), so that
// a busy machine, which only stretches the wall-clock time things take, reaches none of them.
import process from "node:process";

/** Below this share of one core, a second of a call counts as waiting rather than computing. */
const WAITING_SHARE = 0.05;
const WINDOW_MS = 1_000;

/** CPU time the sandbox process has used, in ms. */
export function processCpuMs() {
  const usage = process.cpuUsage();
  return (usage.user + usage.system) / 1000;
}

/**
 * One call's clock: the CPU time it used once the worker took it up, and the time it spent
 * waiting (blocked, using next to no CPU) since it was handed over. A call that computes on
 * a starved machine is slow, not waiting: each second counts as waiting only if the process
 * used under 5% of a core in it.
 */
export class CallClock {
  #startCpu: number | undefined;
  #windowStart = performance.now();
  #windowCpu = processCpuMs();
  #waitedMs = 0;

  /** The worker took up the call. */
  start() {
    this.#startCpu = processCpuMs();
  }

  get started() {
    return this.#startCpu !== undefined;
  }

  usedMs() {
    return this.#startCpu === undefined ? 0 : processCpuMs() - this.#startCpu;
  }

  waitedMs() {
    const now = performance.now();
    const elapsed = now - this.#windowStart;
    if (elapsed >= WINDOW_MS) {
      const cpu = processCpuMs();
      // At most a window's worth: a machine that slept through the call did not wait in it.
      if (cpu - this.#windowCpu < elapsed * WAITING_SHARE) this.#waitedMs += WINDOW_MS;
      this.#windowStart = now;
      this.#windowCpu = cpu;
    }
    return this.#waitedMs;
  }
}

/** CPU time the sandbox may use between calls beyond its trickle, before it is ended. */
export const IDLE_CPU_MS = 1_000;
/**
 * The trickle an idle sandbox needs (the garbage collector finishing, its own watch):
 * 2% of a core, far below anything that runs, however starved the machine.
 */
const IDLE_ALLOWANCE_PER_SECOND = 20;

/**
 * Between calls nothing should run. What model-written code can leave behind (a worker, a
 * timer, a promise that schedules itself) shows up as CPU time: counted in a leaky bucket
 * that drains at the trickle, it overflows at IDLE_CPU_MS.
 */
export class IdleWatch {
  #lastCpu = processCpuMs();
  #lastWall = performance.now();
  #level = 0;
  #usedMs = 0;

  /** From now on (a call just ended). */
  restart() {
    this.#lastCpu = processCpuMs();
    this.#lastWall = performance.now();
    this.#level = 0;
    this.#usedMs = 0;
  }

  /** The CPU time used since the restart, once it is past the budget; else undefined. */
  overrun(): number | undefined {
    const cpu = processCpuMs();
    const now = performance.now();
    const used = cpu - this.#lastCpu;
    const allowance = ((now - this.#lastWall) / 1000) * IDLE_ALLOWANCE_PER_SECOND;
    this.#level = Math.max(0, this.#level + used - allowance);
    this.#usedMs += used;
    this.#lastCpu = cpu;
    this.#lastWall = now;
    return this.#level > IDLE_CPU_MS ? this.#usedMs : undefined;
  }
}
