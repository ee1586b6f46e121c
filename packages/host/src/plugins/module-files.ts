import { stat } from "node:fs/promises";
import { dirname, join } from "node:path";
import { usageError } from "../config/usage-error.js";

/*
 * Node.js reads a module's files and the package.json files around it synchronously, on
 * the thread that also handles signals: a FIFO in one of those places (planted, or left
 * by a tool) would stop the process for good, Ctrl+C and SIGTERM included. So each file
 * Node is about to read for a plug-in is looked at first (a stat never waits on a FIFO),
 * and anything but a regular file is refused in one line.
 */

/** What is at `path`, without opening it. */
async function kindOf(path: string): Promise<"missing" | "file" | "folder" | "other"> {
  try {
    const found = await stat(path);
    if (found.isFile()) return "file";
    return found.isDirectory() ? "folder" : "other";
  } catch {
    // Missing, or unreachable: Node's own read fails the same way, at once.
    return "missing";
  }
}

function refused(path: string, what: string) {
  return usageError(
    `Cannot load the ${what}: ${path} is not a regular file (a FIFO, device or socket), which Node.js would wait on for ever`,
  );
}

/** The package.json files Node.js reads to tell a file's module format: the nearest one up. */
async function checkNearestManifest(directory: string, what: string) {
  for (let current = directory; ; current = dirname(current)) {
    const manifest = join(current, "package.json");
    const kind = await kindOf(manifest);
    if (kind === "other") throw refused(manifest, what);
    if (kind === "file" || dirname(current) === current) return;
  }
}

/** The module file itself, and the package.json that says how to load it. */
export async function checkModuleFile(path: string, what: string) {
  const kind = await kindOf(path);
  if (kind === "other") throw refused(path, what);
  await checkNearestManifest(dirname(path), what);
}

/**
 * What resolving the package `specifier` from `directory` reads: the nearest package.json
 * (a package may import itself by name), then `node_modules/<package>/package.json` in
 * the directory and each one above it, up to the first that is there.
 */
export async function checkPackageLookUp(specifier: string, directory: string, what: string) {
  await checkNearestManifest(directory, what);
  const packageName = specifier.split("/", specifier.startsWith("@") ? 2 : 1).join("/");
  for (let current = directory; ; current = dirname(current)) {
    const manifest = join(current, "node_modules", packageName, "package.json");
    const kind = await kindOf(manifest);
    if (kind === "other") throw refused(manifest, what);
    if (kind === "file" || dirname(current) === current) return;
  }
}
