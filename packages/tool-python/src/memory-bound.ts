import { execFile } from "node:child_process";
import { readFile } from "node:fs/promises";

const MIB = 1024 * 1024;

/**
 * From now on, the process may take at most `growthMb` more writable memory than it holds
 * (Linux's RLIMIT_DATA, set with util-linux's prlimit, soft and hard alike): Python's
 * WebAssembly heap, the JavaScript heap, ArrayBuffers and Deno's own allocations all count,
 * so no way through JavaScript gets past it. Set once Python has loaded, because loading
 * reserves what no limit set in advance could predict (each V8 isolate maps its code
 * range writable), and before any model-written code runs.
 */
export async function boundMemory(prlimit: string, pid: number, growthMb: number) {
  let status: string;
  try {
    status = await readFile(`/proc/${pid}/status`, "utf8");
  } catch {
    throw new Error("it ended before its memory could be limited");
  }
  const heldKb = Number(/^VmData:\s+(\d+) kB$/m.exec(status)?.[1]);
  if (!Number.isSafeInteger(heldKb)) throw new Error(`/proc/${pid}/status has no VmData line`);
  const limit = heldKb * 1024 + growthMb * MIB;
  await new Promise<void>((resolve, reject) => {
    execFile(prlimit, [`--pid=${pid}`, `--data=${limit}:${limit}`], (error, _stdout, stderr) => {
      if (!error) return resolve();
      const why = stderr.trim().split("\n")[0] || error.message;
      reject(new Error(`its memory could not be limited (${why})`));
    });
  });
}
