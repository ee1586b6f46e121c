import type { ToolRun } from "@langchain-mini/core";
import type { PythonLimits } from "./limits.js";
import type { RuntimeFiles } from "./runtime-files.js";
import { type SandboxEnd, SandboxProcess } from "./sandbox-process.js";

/** Calls made outside a run (a host calling execute itself) share one sandbox. */
const NO_RUN = "";

/**
 * One sandbox per run: a run's calls share an interpreter, and the next run gets a fresh
 * one. A spare is kept starting in the background (from the tool's creation, and again
 * whenever a run ends), so that a run's first call finds Python already loaded.
 */
export class SandboxPool {
  readonly #files: RuntimeFiles;
  readonly #limits: PythonLimits;
  readonly #byRun = new Map<string, SandboxProcess>();
  #spare: SandboxProcess | undefined;
  /** Closed by its owner: no spare is started until the tool is used again. */
  #closed = false;

  constructor(files: RuntimeFiles, limits: PythonLimits) {
    this.#files = files;
    this.#limits = limits;
  }

  /** The spare, started now if there is none. */
  prestart(): SandboxProcess {
    if (!this.#spare?.alive) this.#spare = this.#start();
    return this.#spare;
  }

  /**
   * The run's sandbox: the one it has, else the spare, else a new one; and how the one it
   * had ended, if that happened between calls (its state is gone, and the call should say so).
   */
  sandboxFor(run: ToolRun | undefined): { sandbox: SandboxProcess; lost?: SandboxEnd } {
    this.#closed = false;
    const key = run?.id ?? NO_RUN;
    const held = this.#byRun.get(key);
    if (held?.alive) return { sandbox: held };
    const sandbox = this.#take();
    this.#byRun.set(key, sandbox);
    if (run && !held) {
      if (run.ended.aborted) queueMicrotask(() => this.#endRun(key));
      else run.ended.addEventListener("abort", () => this.#endRun(key), { once: true });
    }
    return held?.ended ? { sandbox, lost: held.ended } : { sandbox };
  }

  /** A sandbox that died or was killed in a call: the run's next call gets a new one, now. */
  replace(sandbox: SandboxProcess, run: ToolRun | undefined) {
    const key = run?.id ?? NO_RUN;
    sandbox.kill();
    if (this.#byRun.get(key) !== sandbox) return;
    if (run?.ended.aborted) this.#byRun.delete(key);
    else this.#byRun.set(key, this.#take());
  }

  /** A sandbox that is of no more use (cancelled, or it could not start). */
  discard(sandbox: SandboxProcess, run: ToolRun | undefined) {
    sandbox.kill();
    const key = run?.id ?? NO_RUN;
    if (this.#byRun.get(key) === sandbox) this.#byRun.delete(key);
  }

  close() {
    this.#closed = true;
    for (const sandbox of this.#byRun.values()) sandbox.kill();
    this.#byRun.clear();
    this.#spare?.kill();
    this.#spare = undefined;
  }

  #endRun(key: string) {
    const sandbox = this.#byRun.get(key);
    this.#byRun.delete(key);
    sandbox?.kill();
    // The next run (a host that asks several questions) finds one ready.
    if (!this.#closed) this.prestart();
  }

  #take(): SandboxProcess {
    const spare = this.#spare;
    this.#spare = undefined;
    return spare?.alive ? spare : this.#start();
  }

  #start() {
    return new SandboxProcess(this.#files, this.#limits);
  }
}
