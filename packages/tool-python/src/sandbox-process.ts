import { type ChildProcess, spawn } from "node:child_process";
import { devNull } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import type { PythonLimits } from "./limits.js";
import { ReplyReader } from "./reply-reader.js";
import type { RuntimeFiles } from "./runtime-files.js";
import type { CallReport, SandboxMessage, SandboxSettings } from "./sandbox/protocol.js";

/** How a call ended, seen from the host. */
export type CallOutcome =
  | { readonly kind: "report"; readonly report: CallReport }
  /** Past its CPU time, it would not stop when interrupted: the sandbox ended. */
  | { readonly kind: "stuck"; readonly output: string; readonly limit: "cpu" | "wall" }
  /** The sandbox process died during the call; `outOfMemory` when V8 said so. */
  | { readonly kind: "died"; readonly detail: string; readonly outOfMemory: boolean }
  | { readonly kind: "aborted" };

/** CPU time an interrupted call gets to unwind before the sandbox ends itself. */
const GRACE_MS = 1_000;
const STDERR_KEPT = 4_096;

const live = new Set<ChildProcess>();
let exitHookInstalled = false;

/**
 * One Deno process with Pyodide in it, allowed to read Pyodide's folder and its own
 * scripts and nothing else: no other files, no writes, no network, no environment, no
 * subprocesses. Starts at once; calls wait for it to be ready, and run one at a time.
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
  #exited = false;
  #holds = 0;

  constructor(files: RuntimeFiles, limits: PythonLimits) {
    const settings: SandboxSettings = {
      pyodideUrl: pathToFileURL(join(files.pyodide, "pyodide.mjs")).href,
      indexPath: `${files.pyodide}/`,
      cpuMs: limits.cpuMs,
      graceMs: GRACE_MS,
      wallMs: wallLimitMs(limits),
      outputChars: limits.outputChars,
    };
    const pages = Math.floor((limits.memoryMb * 1024 * 1024) / 65_536);
    const heapMb = Math.max(128, Math.round(limits.memoryMb / 4));
    this.#child = spawn(
      files.deno,
      [
        "run",
        "--no-prompt",
        "--no-config",
        "--no-lock",
        "--no-npm",
        "--no-remote",
        `--v8-flags=--max-old-space-size=${heapMb},--wasm-max-mem-pages=${pages}`,
        `--allow-read=${allowList([files.pyodide, files.sandbox])}`,
        join(files.sandbox, "main.js"),
        JSON.stringify(settings),
      ],
      {
        cwd: files.pyodide,
        // Nothing of the host's environment. DENO_DIR points where nothing can be
        // created: Deno then keeps no caches and web storage has nowhere to write.
        env: { DENO_DIR: join(devNull, "deno"), DENO_NO_UPDATE_CHECK: "1", NO_COLOR: "1" },
        stdio: ["pipe", "pipe", "pipe"],
        windowsHide: true,
      },
    );
    track(this.#child);
    this.#reader = new ReplyReader(limits.outputChars);
    let ready: (startupMs: number) => void = () => {};
    let failed: (error: Error) => void = () => {};
    this.ready = new Promise<number>((resolve, reject) => {
      ready = resolve;
      failed = reject;
    });
    // Nobody may be waiting for it yet: an unhandled rejection would end the host.
    this.ready.catch(() => {});
    this.#child.stdout?.on("data", (chunk: Buffer) => {
      const messages = this.#reader.push(chunk.toString("utf8"));
      if (messages === "overflow") return this.#fail("the sandbox wrote more than a reply holds");
      for (const message of messages) this.#onMessage(message, ready, failed);
    });
    this.#child.stderr?.on("data", (chunk: Buffer) => {
      this.#stderr = (this.#stderr + chunk.toString("utf8")).slice(-STDERR_KEPT);
    });
    this.#child.stdin?.on("error", () => {});
    this.#child.on("error", (error) => {
      failed(new Error(`deno could not be started: ${error.message}`));
      this.#onExit();
    });
    this.#child.on("exit", () => {
      failed(new Error(`it ended during start-up${this.#stderrLine()}`));
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

  get alive() {
    return !this.#exited;
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
      if (this.#exited) return this.#died();
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
    if (!this.#exited) this.#child.kill("SIGKILL");
  }

  #onMessage(
    message: SandboxMessage,
    ready: (startupMs: number) => void,
    failed: (error: Error) => void,
  ) {
    switch (message.type) {
      case "ready":
        ready(message.startupMs);
        return;
      case "failed":
        failed(new Error(message.message));
        return;
      case "result": {
        const { type: _type, id, ...report } = message;
        this.#waiting.get(id)?.({ kind: "report", report });
        return;
      }
      case "stuck":
        this.#waiting.get(message.id)?.({
          kind: "stuck",
          output: message.output,
          limit: message.limit === "wall" ? "wall" : "cpu",
        });
        return;
    }
  }

  #onExit() {
    if (this.#exited) return;
    this.#exited = true;
    untrack(this.#child);
    const outcome = this.#died();
    for (const resolve of this.#waiting.values()) resolve(outcome);
  }

  #died(): CallOutcome {
    const outOfMemory = /out of memory|heap limit|allocation failed/i.test(this.#stderr);
    return { kind: "died", detail: this.#stderrLine(), outOfMemory };
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

/** Wall time per call: generous, for code that waits; computing code meets the CPU limit. */
export function wallLimitMs(limits: PythonLimits) {
  return Math.max(30_000, limits.cpuMs * 4);
}

// Deno reads "a,b" as two paths; a comma inside one is written twice.
function allowList(paths: readonly string[]) {
  return paths.map((path) => path.replaceAll(",", ",,")).join(",");
}

// A host that exits (normally, or on a signal it handles) takes its sandboxes with it; one
// killed outright closes their stdin, and each sandbox ends itself when its stdin closes.
function track(child: ChildProcess) {
  live.add(child);
  if (exitHookInstalled) return;
  exitHookInstalled = true;
  process.on("exit", () => {
    for (const each of live) each.kill("SIGKILL");
  });
}

function untrack(child: ChildProcess) {
  live.delete(child);
}
