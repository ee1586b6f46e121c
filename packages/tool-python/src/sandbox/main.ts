// The sandbox's main thread, run by Deno with no permissions but reading Pyodide's folder
// and this one. It reads the key that signs its replies and then calls from stdin, hands
// the calls to the Python worker, keeps each within its CPU time and waiting time, ends
// the sandbox when anything runs between calls, and writes signed replies to stdout.
import { CallClock, IdleWatch, processCpuMs } from "./cpu-clock.js";
import { lines } from "./lines.js";
import type { CallReport, RunRequest, SandboxSettings } from "./protocol.js";
import { replyWriter } from "./reply-writer.js";
import type { WorkerMessage, WorkerRequest } from "./worker.js";

/** The part of Deno's runtime this file uses. */
declare const Deno: {
  readonly args: readonly string[];
  readonly stdin: { readonly readable: AsyncIterable<Uint8Array> };
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
  readonly clock: CallClock;
  readonly timer: ReturnType<typeof setInterval>;
  interruptedAt?: number;
}

/** How often a running call's clock is read: the resolution of its limits. */
const CALL_TICK_MS = 50;
/** How often an idle (or still loading) sandbox looks at its CPU time. */
const IDLE_TICK_MS = 1_000;

const settings = JSON.parse(Deno.args[0] ?? "{}") as SandboxSettings;
const startedAt = performance.now();
const input = lines(Deno.stdin.readable);
// Read before the worker, and so any model-written code, exists: the key stays here.
const key = await input.next();
if (key.done) Deno.exit(0);
const send = replyWriter(key.value.trim());
const interrupt = new Int32Array(new SharedArrayBuffer(4));
const queue: RunRequest[] = [];
const idle = new IdleWatch();
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
setInterval(watchIdle, IDLE_TICK_MS);

void readCalls();

async function readCalls() {
  for await (const line of input) {
    if (line.trim()) queue.push(JSON.parse(line) as RunRequest);
    next();
  }
  // The host has gone (or closed our stdin to stop us): nothing is left to do.
  Deno.exit(0);
}

function onWorkerMessage(message: WorkerMessage) {
  switch (message?.type) {
    case "ready":
      ready = true;
      idle.restart();
      send({ type: "ready", startupMs: Math.round(performance.now() - startedAt) });
      next();
      return;
    case "init-failed":
      send({ type: "failed", message: String(message.message) });
      Deno.exit(1);
      return;
    case "started":
      if (current?.id === message.id) current.clock.start();
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
    clock: new CallClock(),
    timer: setInterval(watchCall, CALL_TICK_MS),
  };
  worker.postMessage({ type: "run", id: request.id, code: String(request.code) });
}

function watchCall() {
  if (!current) return;
  if (current.clock.waitedMs() >= settings.waitMs) {
    // Blocked where CPU time never runs out (a JavaScript wait, the worker gone).
    send({ type: "stuck", id: current.id, output: current.output, limit: "wait" });
    Deno.exit(1);
  }
  const used = current.clock.usedMs();
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

function watchIdle() {
  if (!ready) {
    const used = processCpuMs();
    if (used < settings.startupCpuMs) return;
    const message = `loading Python used ${Math.round(used)} ms of CPU time`;
    send({ type: "failed", message, startupCpu: true });
    Deno.exit(1);
  }
  // Until the worker takes a call up, what uses the CPU is still what came before it.
  if (current?.clock.started) return;
  const overrun = idle.overrun();
  if (overrun === undefined) return;
  send({ type: "background", cpuMs: Math.round(overrun) });
  Deno.exit(1);
}

function finish(report: CallReport) {
  if (!current) return;
  clearInterval(current.timer);
  send({ type: "result", id: current.id, ...report });
  current = undefined;
  idle.restart();
}
