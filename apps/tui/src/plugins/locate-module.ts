import { existsSync } from "node:fs";
import { isAbsolute, join, resolve as resolvePath } from "node:path";
import { pathToFileURL } from "node:url";
import { describeThrown } from "@langchain-mini/core";
import { resolve as resolveModule } from "import-meta-resolve";
import { usageError } from "../config/usage-error.js";

export interface LocateOptions {
  /** Where package names and relative paths are resolved from. */
  readonly cwd: string;
  /** Where `plugins add` installs (an npm project). */
  readonly pluginHome: string;
}

/** A path (`./x.js`, `/abs/x.js`, `file:`) or a package name, the way changesets loads plug-ins. */
export function isPathSpecifier(specifier: string) {
  return /^\.{1,2}[\\/]/.test(specifier) || isAbsolute(specifier) || specifier.startsWith("file:");
}

/**
 * The URL of a plug-in module, or undefined when no such package is installed. Package
 * names are looked for in the user's project, then among the plug-ins installed with
 * `plugins add`, then beside the app (the built-ins, and plug-ins installed with it).
 */
export function locateModule(specifier: string, what: string, options: LocateOptions) {
  if (isPathSpecifier(specifier)) return fileUrl(specifier, what, options.cwd);
  return (
    findPackage(specifier, pathToFileURL(join(options.cwd, "/")).href) ??
    findPackage(specifier, pathToFileURL(join(options.pluginHome, "/")).href) ??
    findPackage(specifier, import.meta.url)
  );
}

function fileUrl(specifier: string, what: string, cwd: string) {
  if (specifier.startsWith("file:")) return specifier;
  const path = resolvePath(cwd, specifier);
  if (!existsSync(path)) throw usageError(`No ${what} module at ${specifier} (looked for ${path})`);
  return pathToFileURL(path).href;
}

function findPackage(specifier: string, parent: string) {
  try {
    return resolveModule(specifier, parent);
  } catch (error) {
    const { code } = error as { code?: unknown };
    if (code === "ERR_MODULE_NOT_FOUND" && messageOf(error).startsWith("Cannot find package")) {
      return undefined;
    }
    throw usageError(`Cannot load the module '${specifier}': ${messageOf(error)}`);
  }
}

/** What a plug-in threw, in one line, whatever it threw. */
export const messageOf = describeThrown;
