import { isAbsolute, resolve } from "node:path";
import type { HostContext } from "../config/host-context.js";
import { usageError } from "../config/usage-error.js";
import { loadProvider, loadStore, loadTool, type Plugin } from "./load-plugin.js";
import { messageOf } from "./locate-module.js";
import { runNpm } from "./npm.js";
import {
  addedPackage,
  dependenciesOf,
  installedNames,
  installedVersion,
  preparePluginProject,
} from "./plugin-project.js";

export interface InstalledPlugin {
  readonly name: string;
  readonly version: string;
  /** What it plugs in as; "neither" for a package that exports no factory. */
  readonly kind: "provider" | "tool" | "store" | "neither";
  readonly plugin?: Plugin;
}

/**
 * `plugins add <package | tarball | directory>`: installs with npm into the plug-in
 * project, then loads it the way `--llm` and `--tools` will. Something that is not a
 * plug-in, or does not load, is removed again, with a message that says why.
 */
export async function addPlugin(
  source: string,
  host: HostContext,
  onLine?: (line: string) => void,
): Promise<InstalledPlugin> {
  await preparePluginProject(host.pluginHome);
  const before = await dependenciesOf(host.pluginHome);
  // npm reads a path relative to its prefix; the user meant their working directory.
  const target = looksLikePath(source) ? resolve(host.cwd, source) : source;
  // A link stays a link (the shared core) even where the user's npm copies them.
  await runNpm(["install", "--save", "--install-links=false", "--loglevel=error", target], {
    prefix: host.pluginHome,
    env: host.env,
    onLine,
    signal: host.signal,
  });
  const name = await addedPackage(before, host.pluginHome, target);
  if (!name)
    throw usageError(`npm installed ${source}, but no new package appeared in ${host.pluginHome}`);
  let installed: InstalledPlugin;
  try {
    installed = await describePlugin(name, host);
  } catch (error) {
    await uninstall(name, host);
    throw usageError(`${name} does not load, so it was removed again: ${messageOf(error)}`);
  }
  if (installed.kind === "neither") {
    await uninstall(name, host);
    throw usageError(
      `${name} is not a langchain-mini plug-in: it exports none of createLlm, createTools and createStore, so it was removed again`,
    );
  }
  return installed;
}

export async function removePlugin(name: string, host: HostContext) {
  if (!(await installedNames(host.pluginHome)).includes(name)) {
    throw usageError(
      `No plug-in named '${name}' is installed: list them with langchain-mini plugins list`,
    );
  }
  await uninstall(name, host);
}

/** What an installed package plugs in as, loaded from the plug-in project only. */
export async function describePlugin(name: string, host: HostContext): Promise<InstalledPlugin> {
  // What it plugs in as is not known before it loads: failures to load call it a plug-in.
  const only = { ...host, cwd: host.pluginHome, what: "plug-in" };
  const version = await installedVersion(host.pluginHome, name);
  for (const [kind, load] of [
    ["provider", loadProvider],
    ["tool", loadTool],
    ["store", loadStore],
  ] as const) {
    try {
      return { name, version, kind, plugin: await load(name, only) };
    } catch (error) {
      if (!/does not export/.test(messageOf(error))) throw error;
    }
  }
  return { name, version, kind: "neither" };
}

function uninstall(name: string, host: HostContext) {
  return runNpm(["uninstall", "--loglevel=error", name], {
    prefix: host.pluginHome,
    env: host.env,
    signal: host.signal,
  });
}

function looksLikePath(source: string) {
  return isAbsolute(source) || /^\.{1,2}([\\/]|$)/.test(source) || /\.(tgz|tar\.gz)$/.test(source);
}
