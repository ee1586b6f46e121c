import type { ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import { limitVariable, type PythonLimits } from "./limits.js";
import { boundMemory } from "./memory-bound.js";
import { ReplyReader } from "./reply-reader.js";
import type { RuntimeFiles } from "./runtime-files.js";
import type { CallReport, SandboxMessage } from "./sandbox/protocol.js";
import { javascriptHeapMb, spawnSandbox } from "./sandbox-spawn.js";

/** How a sandbox that ended, ended: what a call waiting on it learns. */
export type SandboxEnd =
  /** The process died; `outOfMemory` when V8 or Deno said so. */
  | { readonly kind: "died"; readonly detail: string; readonly outOfMemory: boolean }
  /** Something kept running between calls, and the sandbox ended itself. */
  | { readonly kind: "background"; readonly cpuMs: number };

/** How a call ended, seen from the host. */
export type CallOutcome =
  | { readonly kind: "report"; readonly report: CallReport }
  /** It would not stop when interrupted, or waited too long: the sandbox ended. */
  | { readonly kind: "stuck"; readonly output: string; readonly limit: "cpu" | "wait" }
  | SandboxEnd
  | { readonly kind: "aborted" };

const STDERR_KEPT = 4_096;

/**
 * One Deno process with Pyodide in it (see sandbox-spawn.ts for what it may do). Starts at
 * once; calls wait for it to be ready, and run one at a time.
 */
export class SandboxProcess {
  /** Resolves with the start-up time once Python is ready; rejects if it cannot start. */
  readonly ready: Promise<number>;
  readonly #child: ChildProcess;
  readonly #reader: ReplyReader;
  readonly #waiting = new Map<number, (outcome: CallOutcome) => void>();
  #nextId = 1;
  #stderr = "";
  /** Why the host ended the sandbox itself, when it did. */
  #failure: string | undefined;
  #background: number | undefined;
  #ended: SandboxEnd | undefined;
  #holds = 0;

  constructor(files: RuntimeFiles, limits: PythonLimits) {
    const key = randomBytes(32).toString("hex");
    this.#child = spawnSandbox(files, limits, key);
    this.#reader = new ReplyReader(key, limits.outputChars);
    let ready: (startupMs: number) => void = () => {};
    let failed: (reason: string) => void = () => {};
    this.ready = new Promise<number>((resolve, reject) => {
      ready = (startupMs) => {
        const { pid } = this.#child;
        if (!files.prlimit || pid === undefined) return resolve(startupMs);
        // Python's heap and JavaScript's, each full: no more, whatever takes it.
        const growthMb = limits.memoryMb + javascriptHeapMb(limits);
        boundMemory(files.prlimit, pid, growthMb).then(
          () => resolve(startupMs),
          (error: Error) => {
            reject(new Error(`${error.message}: check that ${files.prlimit} works`));
            this.kill();
          },
        );
      };
      failed = (reason) => reject(new Error(reason));
    });
    // Nobody may be waiting for it yet: an unhandled rejection would end the host.
    this.ready.catch(() => {});
    const onMessage = (message: SandboxMessage) => {
      if (message.type === "ready") ready(message.startupMs);
      else if (message.type !== "failed") this.#onMessage(message);
      else if (!message.startupCpu) failed(`${message.message}: check that ${files.deno} runs`);
      else {
        const limit = `${limits.startupCpuMs / 1000} s of CPU time (${limitVariable("startupCpuMs")})`;
        failed(
          `loading Python took more than ${limit}, where it usually takes 5 to 10 s: raise ${limitVariable("startupCpuMs")} on a slow machine`,
        );
      }
    };
    // Decoded as a stream: a character split between two reads must not break a signature.
    this.#child.stdout?.setEncoding("utf8");
    this.#child.stderr?.setEncoding("utf8");
    this.#child.stdout?.on("data", (chunk: string) => {
      const read = this.#reader.push(chunk);
      if (read.kind === "overflow") return this.#fail("the sandbox wrote more than a reply holds");
      if (read.kind === "forged") {
        return this.#fail("code in it wrote a reply the sandbox had not signed");
      }
      for (const message of read.messages) onMessage(message);
    });
    this.#child.stderr?.on("data", (chunk: string) => {
      this.#stderr = (this.#stderr + chunk).slice(-STDERR_KEPT);
    });
    this.#child.on("error", (error) => {
      failed(`deno could not be started (${error.message}): check that ${files.deno} runs`);
      this.#onExit();
    });
    // Not "exit": the last reply (why it ended) may still be on its way through stdout.
    this.#child.on("close", () => {
      failed(
        `it ended during start-up${this.#stderrLine()}: check that ${files.deno} runs, or raise ${limitVariable("memoryMb")}`,
      );
      this.#onExit();
    });
    this.#release();
  }

  /** `ready`, keeping the host's event loop alive meanwhile. */
  async whenReady(): Promise<number> {
    this.#hold();
    try {
      return await this.ready;
    } finally {
      this.#release();
    }
  }

  /** How the sandbox ended, once it has. */
  get ended(): SandboxEnd | undefined {
    return this.#ended;
  }

  get alive() {
    return this.#ended === undefined;
  }

  /** Runs one cell; the signal ends the call and the whole sandbox at once. */
  async run(code: string, signal: AbortSignal): Promise<CallOutcome> {
    if (signal.aborted) return { kind: "aborted" };
    this.#hold();
    let onAbort = () => {};
    try {
      const aborted = new Promise<CallOutcome>((resolve) => {
        onAbort = () => resolve({ kind: "aborted" });
        signal.addEventListener("abort", onAbort, { once: true });
      });
      const started = await Promise.race([this.ready.then(() => undefined), aborted]);
      if (started) return this.#abort();
      if (this.#ended) return this.#ended;
      const id = this.#nextId++;
      const outcome = new Promise<CallOutcome>((resolve) => this.#waiting.set(id, resolve));
      this.#child.stdin?.write(`${JSON.stringify({ type: "run", id, code })}\n`);
      const settled = await Promise.race([outcome, aborted]);
      this.#waiting.delete(id);
      return settled.kind === "aborted" ? this.#abort() : settled;
    } finally {
      signal.removeEventListener("abort", onAbort);
      this.#release();
    }
  }

  /** Ends the process (SIGKILL: Python may be busy and never read a polite request). */
  kill() {
    if (!this.#ended) this.#child.kill("SIGKILL");
  }

  #onMessage(message: Exclude<SandboxMessage, { type: "ready" | "failed" }>) {
    switch (message.type) {
      case "result": {
        const { type: _type, id, ...report } = message;
        this.#waiting.get(id)?.({ kind: "report", report });
        return;
      }
      case "stuck":
        this.#waiting.get(message.id)?.({
          kind: "stuck",
          output: message.output,
          limit: message.limit === "wait" ? "wait" : "cpu",
        });
        return;
      case "background":
        this.#background = message.cpuMs;
        return;
    }
  }

  #onExit() {
    if (this.#ended) return;
    this.#ended =
      this.#background === undefined
        ? { kind: "died", detail: this.#stderrLine(), outOfMemory: outOfMemory(this.#stderr) }
        : { kind: "background", cpuMs: this.#background };
    for (const resolve of this.#waiting.values()) resolve(this.#ended);
  }

  #abort(): CallOutcome {
    this.kill();
    return { kind: "aborted" };
  }

  #fail(reason: string) {
    this.#failure = reason;
    this.kill();
  }

  #stderrLine() {
    if (this.#failure) return `: ${this.#failure}`;
    const line = this.#stderr
      .split("\n")
      .map((text) => text.replace(/^[#\s]+/, "").trim())
      .find((text) => /error|memory|panic/i.test(text));
    return line ? `: ${line.slice(0, 200)}` : "";
  }

  // While a call waits on the sandbox, its pipes keep the host's event loop alive; idle,
  // a sandbox never keeps a host from exiting.
  #hold() {
    if (this.#holds++ === 0) for (const handle of this.#handles()) handle.ref?.();
  }

  #release() {
    if (this.#holds > 0) this.#holds--;
    if (this.#holds === 0) for (const handle of this.#handles()) handle.unref?.();
  }

  #handles(): Array<{ ref?(): unknown; unref?(): unknown }> {
    const child = this.#child as ChildProcess & { ref?(): unknown; unref?(): unknown };
    const pipes = [child.stdin, child.stdout, child.stderr] as Array<{
      ref?(): unknown;
      unref?(): unknown;
    } | null>;
    return [child, ...pipes.filter((pipe) => pipe !== null)];
  }
}

// V8's and Rust's words for an allocation the process had no room for.
function outOfMemory(stderr: string) {
  return /out of memory|heap limit|allocation failed|memory allocation of \d+ bytes failed/i.test(
    stderr,
  );
}
