import { existsSync } from "node:fs";
import { isAbsolute, join, resolve as resolvePath } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { dataHome, describeThrown } from "@langchain-mini/core";
import type { Env } from "../config/env.js";
import { usageError } from "../config/usage-error.js";
import { checkModuleFile, checkPackageLookUp } from "./module-files.js";

export interface LocateOptions {
  /** Where package names and relative paths are resolved from. */
  readonly cwd: string;
  /** Where `plugins add` installs (an npm project). */
  readonly pluginHome: string;
  /** The settings (LANGCHAIN_MINI_PLUGIN_TIMEOUT bounds an import). */
  readonly env?: Env;
  /** What messages call the module when it is not known yet what it plugs in as: "plug-in". */
  readonly what?: string;
  /** Built-in modules the program carries inside it (a bundle): see `BundledModules`. */
  readonly bundled?: BundledModules;
}

/**
 * Built-in modules compiled into the program that runs the host, a bundled CLI, by their
 * specifier in the built-in tables (`@langchain-mini/llm-openai/plugin`): each loads its
 * module. A bundle has no packages beside it to look up; a built-in it carries is loaded
 * from here, one it does not (an add-on) is looked up as usual.
 */
export type BundledModules = ReadonlyMap<string, () => Promise<unknown>>;

/** A path (`./x.js`, `/abs/x.js`, `file:`) or a package name, the way changesets loads plug-ins. */
function isPathSpecifier(specifier: string) {
  return /^\.{1,2}[\\/]/.test(specifier) || isAbsolute(specifier) || specifier.startsWith("file:");
}

/** Modules installed with the app itself: Node's own resolver, from here. */
const BESIDE_APP = Symbol("beside the app");

/**
 * The URL of a plug-in module, or undefined when no such package is installed. Package
 * names are looked for in the user's project, then among the plug-ins installed with
 * `plugins add`, then beside the app (plug-ins installed with it). A built-in name means
 * the app's own module: the copy beside the app, else the one `plugins add` installed,
 * never one the working directory holds (any folder may have a node_modules). Files Node
 * would read synchronously on the way are checked first (see module-files.ts).
 */
export async function locateModule(
  specifier: string,
  what: string,
  options: LocateOptions & { readonly builtIn?: boolean },
) {
  const label = `${what} module '${specifier}'`;
  if (isPathSpecifier(specifier)) {
    const url = fileUrl(specifier, what, options.cwd);
    await checkModuleFile(pathOf(url, label), label);
    return url;
  }
  const places: Array<string | typeof BESIDE_APP> = options.builtIn
    ? [BESIDE_APP, options.pluginHome]
    : [options.cwd, options.pluginHome, BESIDE_APP];
  for (const place of places) {
    if (place === BESIDE_APP) {
      const url = await findPackage(specifier, import.meta.url);
      if (url) return url;
      continue;
    }
    await checkPackageLookUp(specifier, place, label);
    const url = await findPackage(specifier, pathToFileURL(join(place, "/")).href);
    if (url) {
      if (url.startsWith("file:")) await checkModuleFile(pathOf(url, label), label);
      return url;
    }
  }
  return undefined;
}

function pathOf(url: string, label: string) {
  try {
    return fileURLToPath(url);
  } catch (error) {
    throw usageError(`Cannot load the ${label}: ${messageOf(error)}`);
  }
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

/**
 * Where `langchain-mini plugins add` installs: an npm project of its own under the data
 * directory, so plug-ins load by name from any working directory.
 */
export function pluginHome(env: Env) {
  return join(dataHome(env), "plugins");
}
