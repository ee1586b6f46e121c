import { type ChildProcess, spawn } from "node:child_process";
import { devNull } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import type { PythonLimits } from "./limits.js";
import type { RuntimeFiles } from "./runtime-files.js";
import type { SandboxSettings } from "./sandbox/protocol.js";

/** CPU time an interrupted call gets to unwind before the sandbox ends itself. */
const GRACE_MS = 1_000;

const live = new Set<ChildProcess>();
let exitHookInstalled = false;

/**
 * Starts deno on the sandbox's main script, allowed to read Pyodide's folder and the
 * sandbox scripts and nothing else: no other files, no writes, no network, no environment,
 * no subprocesses. Its first line of input is `key`, which signs its replies.
 */
export function spawnSandbox(files: RuntimeFiles, limits: PythonLimits, key: string) {
  const settings: SandboxSettings = {
    pyodideUrl: pathToFileURL(join(files.pyodide, "pyodide.mjs")).href,
    indexPath: `${files.pyodide}/`,
    cpuMs: limits.cpuMs,
    graceMs: GRACE_MS,
    waitMs: waitLimitMs(limits),
    startupCpuMs: limits.startupCpuMs,
    outputChars: limits.outputChars,
  };
  const pages = Math.floor((limits.memoryMb * 1024 * 1024) / 65_536);
  const child = spawn(
    files.deno,
    [
      "run",
      "--no-prompt",
      "--no-config",
      "--no-lock",
      "--no-npm",
      "--no-remote",
      `--v8-flags=--max-old-space-size=${javascriptHeapMb(limits)},--wasm-max-mem-pages=${pages}`,
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
  track(child);
  child.stdin?.on("error", () => {});
  child.stdin?.write(`${key}\n`);
  return child;
}

/** The JavaScript heap's limit: a quarter of Python's, at least 128 MiB. */
export function javascriptHeapMb(limits: PythonLimits) {
  return Math.max(128, Math.round(limits.memoryMb / 4));
}

/** Time a call may spend waiting: generous; computing code meets the CPU limit instead. */
export function waitLimitMs(limits: PythonLimits) {
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
  child.on("exit", () => live.delete(child));
  child.on("error", () => live.delete(child));
  if (exitHookInstalled) return;
  exitHookInstalled = true;
  process.on("exit", () => {
    for (const each of live) each.kill("SIGKILL");
  });
}
