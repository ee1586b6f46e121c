// The sandbox's main thread, run by Deno with no permissions but reading Pyodide's folder
// and this one. It reads calls from stdin, hands them to the Python worker, counts the
// CPU time each call uses, interrupts it at the limit, and writes the replies to stdout.
// Model-written code can reach this process's stdout too, so the host treats every line
// as untrusted (bounded, parsed defensively).
import process from "node:process";
import type { CallReport, RunRequest, SandboxMessage, SandboxSettings } from "./protocol.js";
import type { WorkerMessage, WorkerRequest } from "./worker.js";

/** The part of Deno's runtime this file uses. */
declare const Deno: {
  readonly args: readonly string[];
  readonly stdin: { readonly readable: AsyncIterable<Uint8Array> };
  readonly stdout: { writeSync(bytes: Uint8Array): number };
  exit(code: number): never;
};

interface DenoWorker {
  onmessage: ((event: { data: WorkerMessage }) => void) | null;
  onerror: ((event: { message: string; preventDefault(): void }) => void) | null;
  postMessage(message: WorkerRequest): void;
}
declare const Worker: new (url: URL, options: { type: "module" }) => DenoWorker;

interface Call {
  readonly id: number;
  output: string;
  truncated: boolean;
  readonly startCpu: number;
  readonly startWall: number;
  interruptedAt?: number;
  readonly timer: ReturnType<typeof setInterval>;
}

const settings = JSON.parse(Deno.args[0] ?? "{}") as SandboxSettings;
const started = performance.now();
const interrupt = new Int32Array(new SharedArrayBuffer(4));
const encoder = new TextEncoder();
const queue: RunRequest[] = [];
let ready = false;
let current: Call | undefined;

const worker = new Worker(new URL("./worker.js", import.meta.url), { type: "module" });
worker.onmessage = (event) => onWorkerMessage(event.data);
worker.onerror = (event) => {
  // An error nothing in the worker caught (e.g. a blocked node:net connect, later):
  // Pyodide's state is unknown, so this sandbox ends and the host starts another.
  event.preventDefault();
  finish({ output: "", truncated: false, error: String(event.message), crashed: true });
  Deno.exit(1);
};
worker.postMessage({
  type: "init",
  pyodideUrl: settings.pyodideUrl,
  indexPath: settings.indexPath,
  interrupt,
  outputChars: settings.outputChars,
});

void readCalls();

async function readCalls() {
  const decoder = new TextDecoder();
  let pending = "";
  for await (const chunk of Deno.stdin.readable) {
    pending += decoder.decode(chunk, { stream: true });
    let newline = pending.indexOf("\n");
    while (newline >= 0) {
      const line = pending.slice(0, newline);
      pending = pending.slice(newline + 1);
      if (line.trim()) queue.push(JSON.parse(line) as RunRequest);
      newline = pending.indexOf("\n");
    }
    next();
  }
  // The host has gone (or closed our stdin to stop us): nothing is left to do.
  Deno.exit(0);
}

function onWorkerMessage(message: WorkerMessage) {
  switch (message?.type) {
    case "ready":
      ready = true;
      send({ type: "ready", startupMs: Math.round(performance.now() - started) });
      next();
      return;
    case "init-failed":
      send({ type: "failed", message: String(message.message) });
      Deno.exit(1);
      return;
    case "output":
      if (current && !current.truncated) {
        current.output += String(message.text).slice(0, settings.outputChars);
        current.truncated = message.truncated === true;
      }
      return;
    case "done": {
      if (!current || message.id !== current.id) return;
      const report: CallReport = {
        output: current.output,
        truncated: current.truncated,
        ...(typeof message.value === "string" ? { value: message.value } : {}),
        ...(typeof message.error === "string" ? { error: message.error } : {}),
        ...(current.interruptedAt !== undefined ? { cpuLimit: true } : {}),
        ...(message.crashed ? { crashed: true } : {}),
      };
      finish(report);
      // A crashed interpreter cannot run the next call: end, and the host starts another.
      if (message.crashed) Deno.exit(1);
      next();
      return;
    }
  }
}

function next() {
  if (!ready || current) return;
  const request = queue.shift();
  if (!request) return;
  Atomics.store(interrupt, 0, 0);
  current = {
    id: request.id,
    output: "",
    truncated: false,
    startCpu: cpuMs(),
    startWall: performance.now(),
    timer: setInterval(watchCpu, 20),
  };
  worker.postMessage({ type: "run", id: request.id, code: String(request.code) });
}

function watchCpu() {
  if (!current) return;
  if (performance.now() - current.startWall >= settings.wallMs) {
    // Sleeping, or blocked where nothing answers (the worker itself gone): CPU time
    // would never run out.
    send({ type: "stuck", id: current.id, output: current.output, limit: "wall" });
    Deno.exit(1);
  }
  const used = cpuMs() - current.startCpu;
  if (current.interruptedAt === undefined) {
    if (used < settings.cpuMs) return;
    // 2 is SIGINT: Python raises KeyboardInterrupt at its next check, keeping its state.
    Atomics.store(interrupt, 0, 2);
    current.interruptedAt = used;
  } else if (used - current.interruptedAt >= settings.graceMs) {
    // Caught the interrupt, or stuck where Python does not check for it (C code, a JS
    // loop): only ending the process stops it.
    send({ type: "stuck", id: current.id, output: current.output, limit: "cpu" });
    Deno.exit(1);
  }
}

function finish(report: CallReport) {
  if (!current) return;
  clearInterval(current.timer);
  send({ type: "result", id: current.id, ...report });
  current = undefined;
}

function cpuMs() {
  const usage = process.cpuUsage();
  return (usage.user + usage.system) / 1000;
}

function send(message: SandboxMessage) {
  const bytes = encoder.encode(`${JSON.stringify(message)}\n`);
  let offset = 0;
  while (offset < bytes.length) offset += Deno.stdout.writeSync(bytes.subarray(offset));
}
