// The sandbox's worker thread (run by Deno): Pyodide itself. Python runs synchronously
// here (`runPython`, never `runPythonAsync`: interrupting the async form crashes the
// worker), so the main thread stays free to count CPU time and to interrupt.
import type { loadPyodide as LoadPyodide, PyodideAPI } from "pyodide";
import { RUNNER_PY } from "./runner-py.js";

/** The worker's global scope, as much of it as this file uses (Deno's). */
declare const self: {
  addEventListener(type: "message", listener: (event: { data: WorkerRequest }) => void): void;
  postMessage(message: WorkerMessage): void;
};
declare const Deno: { exit?: unknown; readonly internal: symbol };

export type WorkerRequest =
  | {
      readonly type: "init";
      readonly pyodideUrl: string;
      readonly indexPath: string;
      readonly interrupt: Int32Array;
      readonly outputChars: number;
    }
  | { readonly type: "run"; readonly id: number; readonly code: string };

export type WorkerMessage =
  | { readonly type: "ready" }
  | { readonly type: "init-failed"; readonly message: string }
  /** The worker took up a call: from here on, the CPU time it uses is the call's. */
  | { readonly type: "started"; readonly id: number }
  | { readonly type: "output"; readonly text: string; readonly truncated: boolean }
  | {
      readonly type: "done";
      readonly id: number;
      readonly value?: string;
      readonly error?: string;
      /** Pyodide itself failed (a fatal error, or the interpreter exited): it is unusable. */
      readonly crashed?: boolean;
    };

type RunnerResult = { toJs(): [string | undefined, string | undefined]; destroy(): void };

let run: ((code: string, valueChars: number) => RunnerResult) | undefined;
let outputChars = 0;
let written = 0;
let truncated = false;
const decoder = new TextDecoder();

// Kept here: the global ones are removed before model-written code runs.
const post = self.postMessage.bind(self);
const later = setTimeout;

self.addEventListener("message", (event) => {
  const request = event.data;
  if (request.type === "init") void init(request);
  // In a task of its own, after every promise job queued before it: one that schedules
  // itself forever then holds the call back (the main thread sees the CPU it burns as work
  // left behind) rather than letting it slip in between its jobs.
  else later(() => runCall(request.id, request.code), 0);
});

async function init(request: Extract<WorkerRequest, { type: "init" }>) {
  try {
    outputChars = request.outputChars;
    const { loadPyodide } = (await import(request.pyodideUrl)) as {
      loadPyodide: typeof LoadPyodide;
    };
    const pyodide = await loadPyodide({
      indexURL: request.indexPath,
      env: { HOME: "/home/pyodide" },
    });
    pyodide.setInterruptBuffer(request.interrupt);
    const sink = { write: capture, isatty: false };
    pyodide.setStdout(sink);
    pyodide.setStderr(sink);
    pyodide.setStdin({ stdin: () => null });
    run = loadRunner(pyodide);
    lockDown();
    post({ type: "ready" });
  } catch (error) {
    post({ type: "init-failed", message: describe(error) });
  }
}

function loadRunner(pyodide: PyodideAPI) {
  const module = pyodide.runPython(
    "import types\n_runner = types.ModuleType('_langchain_mini_runner')\n_runner",
  );
  pyodide.runPython(RUNNER_PY, { globals: module.__dict__ });
  pyodide.runPython("del _runner, types");
  return module.run as (code: string, valueChars: number) => RunnerResult;
}

// Gone before any model-written code runs, though none of it could reach the host:
// web storage (it needs no permission in Deno and would write under DENO_DIR, which the
// host points nowhere); the ways to end this thread or talk to the main thread, which
// would leave a call unanswered or forge its reply; and the plain ways to have work run
// later (threads, timers, message loops), which the main thread would otherwise have to
// notice between calls and end the sandbox for. Deno's internals go too: their ops hold
// timers, workers and raw writes of their own. setImmediate stays: Pyodide settles
// promises with it (and what loops on it is noticed like the rest).
const REMOVED = [
  "caches",
  "localStorage",
  "sessionStorage",
  "indexedDB",
  "close",
  "postMessage",
  "Worker",
  "setTimeout",
  "setInterval",
  "MessageChannel",
  "BroadcastChannel",
  "nodeBootstrap",
];

function lockDown() {
  for (const name of REMOVED) Reflect.deleteProperty(globalThis, name);
  Reflect.deleteProperty(Deno, "exit");
  Reflect.deleteProperty(Deno, Deno.internal);
}

function capture(buffer: Uint8Array): number {
  if (!truncated) {
    const text = decoder.decode(buffer, { stream: true });
    const room = outputChars - written;
    if (text.length > room) truncated = true;
    const kept = truncated ? text.slice(0, room) : text;
    written += kept.length;
    post({ type: "output", text: kept, truncated });
  }
  return buffer.length;
}

function runCall(id: number, code: string) {
  post({ type: "started", id });
  written = 0;
  truncated = false;
  if (!run) {
    post({ type: "done", id, error: "the interpreter is not loaded", crashed: true });
    return;
  }
  try {
    const result = run(code, outputChars);
    const [value, error] = result.toJs();
    result.destroy();
    post({
      type: "done",
      id,
      ...(value !== undefined && value !== null ? { value } : {}),
      ...(error !== undefined && error !== null ? { error } : {}),
    });
  } catch (error) {
    // The runner catches every Python exception, so this is Pyodide itself failing.
    run = undefined;
    post({ type: "done", id, error: describe(error), crashed: true });
  }
}

function describe(error: unknown) {
  const text = error instanceof Error ? error.message : String(error);
  return text.trim().split("\n")[0] || "unknown error";
}
