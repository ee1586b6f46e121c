import {
  type CheckedPluginInfo,
  type CheckedProviderModule,
  type CheckedStoreModule,
  type CheckedToolModule,
  checkProviderModule,
  checkStoreModule,
  checkToolModule,
  isLangchainMiniError,
} from "@langchain-mini/core";
import type { Secrets } from "../boundary/secrets.js";
import { usageError } from "../config/usage-error.js";
import { ADD_ONS, BUILT_IN_PROVIDERS, BUILT_IN_STORES, BUILT_IN_TOOLS } from "./built-ins.js";
import { importWithin } from "./import-within.js";
import { type LocateOptions, locateModule, messageOf } from "./locate-module.js";

/** Where a plug-in is looked for, and whose secrets its secret settings join. */
export interface LoadOptions extends LocateOptions {
  readonly secrets?: Secrets;
}

/**
 * A plug-in module as the host sees it: its exports as core's contract checker read them
 * (every field present and well-formed), and how the user named it.
 */
export interface Plugin extends CheckedPluginInfo {
  /** What the user typed: a built-in name, a package name or a path. */
  readonly name: string;
  readonly specifier: string;
}

export type ProviderPlugin = Plugin & CheckedProviderModule;

export interface ToolPlugin extends Plugin, Omit<CheckedToolModule, "close"> {
  /** The module's `close`, if it has one, given at most a few seconds; never throws. */
  close(): Promise<void>;
}

export type StorePlugin = Plugin & CheckedStoreModule;

/** How long a module may take to stop what it started (its servers) before the app goes on. */
const CLOSE_LIMIT_MS = 5_000;

const PROVIDER = { what: "LLM provider", flag: "--llm", noun: "provider" };
const TOOL = { what: "tool", flag: "--tools", noun: "tool" };
const STORE = { what: "session store", flag: "--store", noun: "store" };

/** `--llm <name>`: a built-in, a provider package or a file exporting `createLlm`. */
export async function loadProvider(name: string, options: LoadOptions): Promise<ProviderPlugin> {
  const { specifier, module } = await importPlugin(name, BUILT_IN_PROVIDERS, PROVIDER, options);
  return declared(options, { name, specifier, ...checkProviderModule(module, name) });
}

/** `--tools <name>`: a built-in, a tool package or a file exporting `createTools` (or `createTool`). */
export async function loadTool(name: string, options: LoadOptions): Promise<ToolPlugin> {
  const { specifier, module } = await importPlugin(name, BUILT_IN_TOOLS, TOOL, options);
  const checked = checkToolModule(module, name);
  return declared(options, { name, specifier, ...checked, close: boundedClose(checked.close) });
}

/** A plug-in's `close`, given at most a few seconds; never throws. */
export function boundedClose(close: unknown) {
  return async () => {
    if (typeof close !== "function") return;
    let timer: NodeJS.Timeout | undefined;
    const limit = new Promise<void>((resolve) => {
      timer = setTimeout(resolve, CLOSE_LIMIT_MS);
    });
    try {
      await Promise.race([Promise.resolve().then(() => close()), limit]);
    } catch {
      // A module that fails to stop must not keep the app from exiting.
    } finally {
      clearTimeout(timer);
    }
  };
}

/** `--store <protocol>…` or `--store <module>[:<url>]`: a built-in or a package or file exporting `createStore`. */
export async function loadStore(name: string, options: LoadOptions): Promise<StorePlugin> {
  const { specifier, module } = await importPlugin(name, BUILT_IN_STORES, STORE, options);
  return declared(options, { name, specifier, ...checkStoreModule(module, name) });
}

/** A loaded plug-in's secret settings join its host's secrets from now on. */
function declared<Loaded extends Plugin>(options: LoadOptions, plugin: Loaded): Loaded {
  options.secrets?.declareVariables(plugin.environment);
  return plugin;
}

async function importPlugin(
  name: string,
  builtIns: ReadonlyMap<string, string>,
  kind: typeof PROVIDER,
  options: LocateOptions,
): Promise<{ specifier: string; module: unknown }> {
  const builtIn = builtIns.get(name);
  const specifier = builtIn ?? name;
  const what = options.what ?? kind.what;
  const bundled = builtIn === undefined ? undefined : options.bundled?.get(specifier);
  if (bundled) return { specifier, module: await importWithin(bundled, what, name, options.env) };
  const url = await locateModule(specifier, what, {
    ...options,
    builtIn: builtIn !== undefined,
  });
  if (!url) throw notInstalled(name, specifier, builtIns, kind);
  const module = await importWithin(() => import(url), what, name, options.env);
  return { specifier, module };
}

function notInstalled(
  name: string,
  specifier: string,
  builtIns: ReadonlyMap<string, string>,
  kind: typeof PROVIDER,
) {
  const addOn = ADD_ONS.get(specifier);
  if (addOn) {
    return usageError(
      `${name} is an add-on that is not installed: run langchain-mini plugins add ${addOn}`,
    );
  }
  return usageError(
    `Unknown ${kind.what} '${name}' in ${kind.flag}: it is neither built in (${[...builtIns.keys()].join(", ")}) nor installed; add a ${kind.noun} package with langchain-mini plugins add <package>, or name a file such as ./my-${kind.noun}.js`,
  );
}

/**
 * Calls a plug-in's factory (`what`, e.g. "createTools of 'mcp'"). What it throws of its
 * own already says what to do (a missing key, an unknown model) and passes as it is;
 * anything else becomes one usage line, through `shown` (a password taken out).
 */
export async function callFactory(
  what: string,
  make: () => unknown,
  shown: (message: string) => string = (message) => message,
): Promise<unknown> {
  try {
    return await make();
  } catch (error) {
    if (isLangchainMiniError(error)) throw error;
    throw usageError(`${what} failed: ${shown(messageOf(error))}`);
  }
}
