import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { isAbsolute, join, resolve } from "node:path";
import type { Host } from "../config/host.js";
import { usageError } from "../config/usage-error.js";
import { loadProvider, loadStore, loadTool, type Plugin } from "./load-plugin.js";
import { messageOf } from "./locate-module.js";
import { runNpm } from "./npm.js";

export interface InstalledPlugin {
  readonly name: string;
  readonly version: string;
  /** What it plugs in as; "neither" for a package that exports no factory. */
  readonly kind: "provider" | "tool" | "store" | "neither";
  readonly plugin?: Plugin;
}

/** The plug-ins `plugins add` installed: the dependencies of the plug-in project. */
export function installedNames(home: string): string[] {
  return Object.keys(readManifest(home).dependencies ?? {}).sort();
}

/**
 * `plugins add <package | tarball | directory>`: installs with npm into the plug-in
 * project, then loads it the way `--llm` and `--tools` will. Something that is not a
 * plug-in is removed again, with a message that says why.
 */
export async function addPlugin(
  source: string,
  host: Host,
  onLine?: (line: string) => void,
): Promise<InstalledPlugin> {
  ensureProject(host.pluginHome);
  const before = readManifest(host.pluginHome).dependencies ?? {};
  // npm reads a path relative to its prefix; the user meant their working directory.
  const target = looksLikePath(source) ? resolve(host.cwd, source) : source;
  await runNpm(["install", "--save", "--loglevel=error", target], {
    prefix: host.pluginHome,
    env: host.env,
    onLine,
    signal: host.signal,
  });
  const after = readManifest(host.pluginHome).dependencies ?? {};
  const name =
    Object.keys(after).find((key) => before[key] !== after[key]) ??
    Object.keys(after).find((key) => key === source || after[key]?.endsWith(source));
  if (!name)
    throw usageError(`npm installed ${source}, but no new package appeared in ${host.pluginHome}`);
  const installed = await describePlugin(name, host);
  if (installed.kind === "neither") {
    await runNpm(["uninstall", "--loglevel=error", name], {
      prefix: host.pluginHome,
      env: host.env,
    });
    throw usageError(
      `${name} is not a langchain-mini plug-in: it exports none of createLlm, createTools and createStore, so it was removed again`,
    );
  }
  return installed;
}

export async function removePlugin(name: string, host: Host) {
  if (!installedNames(host.pluginHome).includes(name)) {
    throw usageError(
      `No plug-in named '${name}' is installed: list them with langchain-mini plugins list`,
    );
  }
  await runNpm(["uninstall", "--loglevel=error", name], {
    prefix: host.pluginHome,
    env: host.env,
    signal: host.signal,
  });
}

/** What an installed package plugs in as, loaded from the plug-in project only. */
export async function describePlugin(name: string, host: Host): Promise<InstalledPlugin> {
  const only = { ...host, cwd: host.pluginHome };
  const version = installedVersion(host.pluginHome, name);
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

function ensureProject(home: string) {
  mkdirSync(home, { recursive: true });
  try {
    readFileSync(join(home, "package.json"));
  } catch {
    // An npm project of its own, so that plug-ins never mix with the user's projects.
    writeFileSync(
      join(home, "package.json"),
      `${JSON.stringify({ name: "langchain-mini-plugins", private: true, type: "module" }, null, 2)}\n`,
    );
  }
}

function readManifest(home: string): { dependencies?: Record<string, string> } {
  try {
    return JSON.parse(readFileSync(join(home, "package.json"), "utf8"));
  } catch {
    return {};
  }
}

function installedVersion(home: string, name: string) {
  try {
    const manifest = readFileSync(join(home, "node_modules", name, "package.json"), "utf8");
    return String(JSON.parse(manifest).version ?? "?");
  } catch {
    return "?";
  }
}

function looksLikePath(source: string) {
  return isAbsolute(source) || /^\.{1,2}([\\/]|$)/.test(source) || /\.(tgz|tar\.gz)$/.test(source);
}
