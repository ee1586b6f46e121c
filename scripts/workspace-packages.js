// The workspace's packages, for the scripts that check and pack them.
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";

/** The repository's root folder. */
export const root = join(import.meta.dirname, "..");

/**
 * Every package of the workspace (the folders pnpm-workspace.yaml names): its folder and
 * manifest path relative to the root, and the manifest.
 */
export function workspacePackages() {
  return ["packages", "apps", "examples", "tests"].flatMap((folder) =>
    existsSync(join(root, folder))
      ? readdirSync(join(root, folder))
          .map((name) => join(root, folder, name))
          .filter((directory) => existsSync(join(directory, "package.json")))
          .map((directory) => ({
            directory: relative(root, directory),
            path: relative(root, join(directory, "package.json")),
            manifest: JSON.parse(readFileSync(join(directory, "package.json"), "utf8")),
          }))
      : [],
  );
}
