import { spawn } from "node:child_process";
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { fileURLToPath } from "node:url";
import { freePort, stopProcess } from "./processes.js";

// The MCP reference servers from the registry, for tests: install
// @modelcontextprotocol/server-everything and @modelcontextprotocol/server-filesystem
// beside this package (they are its dev dependencies). Paths resolve when asked for.

const require = createRequire(import.meta.url);

export function everythingPath() {
  return require.resolve("@modelcontextprotocol/server-everything/dist/index.js");
}

export function filesystemPath() {
  return require.resolve("@modelcontextprotocol/server-filesystem/dist/index.js");
}

/** A configuration entry: the everything server over stdio, run by this Node. */
export function everythingStdio() {
  return { command: process.execPath, args: [everythingPath(), "stdio"] };
}

/** A configuration entry: the filesystem server, allowed into `root` only. */
export function filesystemStdio(root: string) {
  return { command: process.execPath, args: [filesystemPath(), root] };
}

/**
 * The everything server over stdio, appending every message it receives to `log`: tests
 * see what went over the wire (a call in flight, its cancellation).
 */
export function recordingEverythingStdio(log: string) {
  // Run from the sources in this workspace's tests (Node strips the types), from dist once built.
  const extension = import.meta.url.endsWith(".ts") ? "ts" : "js";
  const script = fileURLToPath(new URL(`./recording-everything.${extension}`, import.meta.url));
  return { command: process.execPath, args: [script, log] };
}

/** The JSON-RPC messages a recording server has received so far. */
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
  stop(): Promise<void>;
}

/**
 * The everything server over Streamable HTTP (`/mcp`) or SSE (`/sse`) on a free loopback
 * port, ready once it says it listens.
 */
export async function startEverythingHttp(
  mode: "streamableHttp" | "sse",
): Promise<HttpServerProcess> {
  const port = await freePort();
  const child = spawn(process.execPath, [everythingPath(), mode], {
    env: { PATH: process.env.PATH ?? "", PORT: String(port) },
    stdio: ["ignore", "pipe", "pipe"],
  });
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
  return { origin: `http://127.0.0.1:${port}`, stop: () => stopProcess(child) };
}
