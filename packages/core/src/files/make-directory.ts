import { mkdirSync, statSync } from "node:fs";
import { dirname, resolve } from "node:path";

/**
 * `mkdir -p` that fails instead of spinning. Node's own recursive mkdir retries forever
 * where a parent exists but refuses new entries with ENOENT (`/proc`, some FUSE mounts):
 * the sync one never returns to the event loop, so not even SIGTERM ends the process.
 * Each missing directory is made once, from the outermost in; the first refusal throws
 * Node's own error (its `code` says why, its message names the directory).
 */
export function makeDirectory(path: string): void {
  const missing: string[] = [];
  for (let current = resolve(path); ; current = dirname(current)) {
    const found = statSync(current, { throwIfNoEntry: false });
    if (found?.isDirectory()) break;
    if (found) {
      throw Object.assign(new Error(`ENOTDIR: not a directory, mkdir '${current}'`), {
        code: "ENOTDIR",
        path: current,
      });
    }
    missing.push(current);
    if (dirname(current) === current) break;
  }
  for (const directory of missing.reverse()) {
    try {
      mkdirSync(directory);
    } catch (error) {
      // Another process made it in between: fine.
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
    }
  }
}
