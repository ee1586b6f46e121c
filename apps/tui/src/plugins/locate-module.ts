import { existsSync } from "node:fs";
import { isAbsolute, join, resolve as resolvePath } from "node:path";
import { pathToFileURL } from "node:url";
import { describeThrown } from "@langchain-mini/core";
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
 * `plugins add`, then beside the app (plug-ins installed with it). A built-in is looked
 * for beside the app first: the copy that ships with it wins over one a project happens
 * to hold, and a start-up skips two failed look-ups per built-in.
 */
export async function locateModule(
  specifier: string,
  what: string,
  options: LocateOptions & { readonly builtIn?: boolean },
) {
  if (isPathSpecifier(specifier)) return fileUrl(specifier, what, options.cwd);
  const places = [
    pathToFileURL(join(options.cwd, "/")).href,
    pathToFileURL(join(options.pluginHome, "/")).href,
    import.meta.url,
  ];
  if (options.builtIn) places.unshift(places.pop() as string);
  for (const parent of places) {
    const url = await findPackage(specifier, parent);
    if (url) return url;
  }
  return undefined;
}

function fileUrl(specifier: string, what: string, cwd: string) {
  if (specifier.startsWith("file:")) return specifier;
  const path = resolvePath(cwd, specifier);
  if (!existsSync(path)) throw usageError(`No ${what} module at ${specifier} (looked for ${path})`);
  return pathToFileURL(path).href;
}

async function findPackage(specifier: string, parent: string) {
  try {
    // Beside the app, Node's own resolver answers; only a look-up elsewhere (the user's
    // project, the plug-in folder) loads the library, and its share of a start-up.
    if (parent === import.meta.url) return import.meta.resolve(specifier);
    const { resolve } = await import("import-meta-resolve");
    return resolve(specifier, parent);
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
