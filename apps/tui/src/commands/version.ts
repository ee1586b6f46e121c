import { readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

export function version() {
  process.stdout.write(`${ownManifest().version}\n`);
  return 0;
}

/**
 * The app's package.json: the nearest one up from this module, which sits in src/commands
 * in the workspace and in a chunk of dist/ once bundled.
 */
export function ownManifest(): { version: string } {
  let directory = dirname(fileURLToPath(import.meta.url));
  for (;;) {
    try {
      return JSON.parse(readFileSync(join(directory, "package.json"), "utf8"));
    } catch (error) {
      const parent = dirname(directory);
      if ((error as NodeJS.ErrnoException).code !== "ENOENT" || parent === directory) throw error;
      directory = parent;
    }
  }
}
