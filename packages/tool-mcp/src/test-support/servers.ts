import { type ChildProcess, spawn } from "node:child_process";
import { readdirSync, readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { createServer } from "node:net";
import { fileURLToPath } from "node:url";

// The real reference servers, installed from the registry as dev dependencies.

const require = createRequire(import.meta.url);

export const EVERYTHING = require.resolve("@modelcontextprotocol/server-everything/dist/index.js");
export const FILESYSTEM = require.resolve("@modelcontextprotocol/server-filesystem/dist/index.js");

/** A configuration entry that starts the everything server over stdio with this Node. */
export function everythingStdio() {
  return { command: process.execPath, args: [EVERYTHING, "stdio"] };
}

/** The same, recording every message it receives in `log` (see `messagesIn`). */
export function recordingEverythingStdio(log: string) {
  const script = fileURLToPath(new URL("./recording-everything.mjs", import.meta.url));
  return { command: process.execPath, args: [script, log] };
}

/** The JSON-RPC messages a recording server received so far. */
export function messagesIn(log: string): Array<Record<string, unknown>> {
  let text: string;
  try {
    text = readFileSync(log, "utf8");
  } catch {
    return [];
  }
  return text
    .split("\n")
    .filter((line) => line.trim())
    .map((line) => JSON.parse(line) as Record<string, unknown>);
}

export interface HttpServerProcess {
  /** e.g. http://127.0.0.1:41234 */
  readonly origin: string;
  readonly child: ChildProcess;
  stop(): Promise<void>;
}

/**
 * The everything server over Streamable HTTP (`/mcp`) or SSE (`/sse`) on a free loopback
 * port, ready when it says it listens.
 */
export async function startEverythingHttp(
  mode: "streamableHttp" | "sse",
): Promise<HttpServerProcess> {
  const port = await freePort();
  const child = spawn(process.execPath, [EVERYTHING, mode], {
    env: { PATH: process.env.PATH ?? "", PORT: String(port) },
    stdio: ["ignore", "pipe", "pipe"],
  });
  const stop = () => stopProcess(child);
  await new Promise<void>((resolve, reject) => {
    let output = "";
    const onData = (chunk: Buffer) => {
      output += String(chunk);
      if (output.includes(`port ${port}`)) resolve();
    };
    child.stdout?.on("data", onData);
    child.stderr?.on("data", onData);
    child.once("exit", (code) => reject(new Error(`the server exited (${code}): ${output}`)));
  });
  return { origin: `http://127.0.0.1:${port}`, child, stop };
}

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

/** Whether a process runs (a zombie does not count: it has exited, unreaped). */
export function isRunning(pid: number) {
  try {
    process.kill(pid, 0);
  } catch {
    return false;
  }
  return !isZombie(pid);
}

function isZombie(pid: number) {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    return stat.slice(stat.lastIndexOf(")") + 2).startsWith("Z");
  } catch {
    return false;
  }
}

/** Waits for a condition, checking every 20 ms, up to `timeoutMs` (generous: machines are busy). */
export async function waitFor(condition: () => boolean, what: string, timeoutMs = 20_000) {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** This process's children whose command line includes `match` (Linux's /proc). */
export function childPids(match: string): number[] {
  return readdirSync("/proc")
    .filter((entry) => /^\d+$/.test(entry))
    .filter((entry) => {
      try {
        const status = readFileSync(`/proc/${entry}/status`, "utf8");
        const parent = Number(/PPid:\s+(\d+)/.exec(status)?.[1]);
        const command = readFileSync(`/proc/${entry}/cmdline`, "utf8");
        return parent === process.pid && command.includes(match) && isRunning(Number(entry));
      } catch {
        return false;
      }
    })
    .map(Number);
}
