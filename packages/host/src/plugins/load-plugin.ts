import {
  type Availability,
  type EnvVariable,
  isLangchainMiniError,
  type LlmCapabilities,
  type LlmProviderModule,
  type PluginEnv,
  PROMPT_ONLY,
  type PriceTable,
  type StoreModule,
  type ToolModule,
} from "@langchain-mini/core";
import type { Secrets } from "../boundary/secrets.js";
import { pricesOf } from "../config/prices.js";
import { usageError } from "../config/usage-error.js";
import { ADD_ONS, BUILT_IN_PROVIDERS, BUILT_IN_STORES, BUILT_IN_TOOLS } from "./built-ins.js";
import { importWithin } from "./import-within.js";
import { type LocateOptions, locateModule, messageOf } from "./locate-module.js";

/** Where a plug-in is looked for, and whose secrets its secret settings join. */
export interface LoadOptions extends LocateOptions {
  readonly secrets?: Secrets;
}

const GUIDES = "https://github.com/langchain-mini/langchain-mini/tree/main/packages/core";

/** A plug-in module as the host sees it, checked once: every field present and well-formed. */
export interface Plugin {
  /** What the user typed: a built-in name, a package name or a path. */
  readonly name: string;
  readonly specifier: string;
  readonly description: string | undefined;
  readonly environment: readonly EnvVariable[];
  availability(env: PluginEnv): Availability;
}

export interface ProviderPlugin extends Plugin {
  readonly capabilities: LlmCapabilities;
  readonly defaultModel: string | undefined;
  /** Its published prices by model; only well-formed entries. */
  readonly prices: PriceTable;
  readonly createLlm: LlmProviderModule["createLlm"];
}

export interface ToolPlugin extends Plugin {
  readonly createTools: NonNullable<ToolModule["createTools"]>;
  /** The module's `close`, if it has one, given at most a few seconds; never throws. */
  close(): Promise<void>;
}

export interface StorePlugin extends Plugin {
  /** The URL schemes it serves, e.g. `redis:`. */
  readonly protocols: readonly string[];
  readonly createStore: StoreModule["createStore"];
}

/** How long a module may take to stop what it started (its servers) before the app goes on. */
const CLOSE_LIMIT_MS = 5_000;

const PROVIDER = {
  what: "LLM provider",
  guide: "write-your-own-llm-provider",
  flag: "--llm",
  noun: "provider",
};
const TOOL = { what: "tool", guide: "write-your-own-tool", flag: "--tools", noun: "tool" };
const STORE = {
  what: "session store",
  guide: "write-your-own-session-store",
  flag: "--store",
  noun: "store",
};

/** `--llm <name>`: a built-in, a provider package or a file exporting `createLlm`. */
export async function loadProvider(name: string, options: LoadOptions): Promise<ProviderPlugin> {
  const { specifier, module } = await importPlugin(name, BUILT_IN_PROVIDERS, PROVIDER, options);
  return declared(
    options,
    readExports(name, PROVIDER, () => providerOf(name, specifier, module)),
  );
}

function providerOf(name: string, specifier: string, module: Namespace): ProviderPlugin {
  const createLlm = module.createLlm;
  if (typeof createLlm !== "function")
    throw notAPlugin(name, PROVIDER, "createLlm({ model, env })");
  return {
    ...common(name, specifier, module),
    capabilities: capabilitiesOf(name, module.capabilities),
    defaultModel: typeof module.defaultModel === "string" ? module.defaultModel : undefined,
    prices: pricesOf(module.prices),
    createLlm: createLlm as ProviderPlugin["createLlm"],
  };
}

/** `--tools <name>`: a built-in, a tool package or a file exporting `createTools` (or `createTool`). */
export async function loadTool(name: string, options: LoadOptions): Promise<ToolPlugin> {
  const { specifier, module } = await importPlugin(name, BUILT_IN_TOOLS, TOOL, options);
  return declared(
    options,
    readExports(name, TOOL, () => toolOf(name, specifier, module)),
  );
}

function toolOf(name: string, specifier: string, module: Namespace): ToolPlugin {
  const { createTools, createTool } = module;
  let create: ToolPlugin["createTools"];
  if (typeof createTools === "function") create = createTools as ToolPlugin["createTools"];
  else if (typeof createTool === "function") {
    // The first version of the contract: one tool per module.
    create = async (context) => [
      await (createTool as NonNullable<ToolModule["createTool"]>)(context),
    ];
  } else throw notAPlugin(name, TOOL, "createTools({ env })");
  return {
    ...common(name, specifier, module),
    createTools: create,
    close: boundedClose(module.close),
  };
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
  return declared(
    options,
    readExports(name, STORE, () => storeOf(name, specifier, module)),
  );
}

function storeOf(name: string, specifier: string, module: Namespace): StorePlugin {
  const createStore = module.createStore;
  if (typeof createStore !== "function") throw notAPlugin(name, STORE, "createStore({ url, env })");
  const protocols = Array.isArray(module.protocols)
    ? module.protocols.filter((protocol): protocol is string => typeof protocol === "string")
    : [];
  return {
    ...common(name, specifier, module),
    protocols,
    createStore: createStore as StorePlugin["createStore"],
  };
}

type Namespace = Readonly<Record<string, unknown>>;

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
): Promise<{ specifier: string; module: Namespace }> {
  const builtIn = builtIns.get(name);
  const specifier = builtIn ?? name;
  const what = options.what ?? kind.what;
  const url = await locateModule(specifier, what, {
    ...options,
    builtIn: builtIn !== undefined,
  });
  if (!url) throw notInstalled(name, specifier, builtIns, kind);
  const module = await importWithin(url, what, name, options.env);
  return { specifier, module: module as Namespace };
}

/**
 * Reads what a module exports: a getter or proxy trap that throws there is the
 * plug-in's breach of the contract, one line (exit 2), never an error of the app's.
 */
function readExports<T>(name: string, kind: typeof PROVIDER, read: () => T): T {
  try {
    return read();
  } catch (error) {
    if (isLangchainMiniError(error)) throw error;
    throw usageError(
      `The ${kind.what} module '${name}' broke its contract: reading its exports threw ${JSON.stringify(messageOf(error))} (see ${GUIDES}#${kind.guide})`,
    );
  }
}

function common(name: string, specifier: string, module: Namespace): Plugin {
  const check = module.availability;
  const environment = Array.isArray(module.environment)
    ? module.environment.filter(isEnvVariable)
    : [];
  return {
    name,
    specifier,
    description: typeof module.description === "string" ? module.description : undefined,
    environment,
    availability(env) {
      if (typeof check !== "function") return { available: true };
      try {
        const verdict = check(env) as Availability;
        if (verdict?.available === true) return verdict;
        const reason = typeof verdict?.reason === "string" && verdict.reason.trim();
        return { available: false, reason: reason || `${name} says it cannot be used here` };
      } catch (error) {
        return {
          available: false,
          reason: `${name}'s availability check failed: ${messageOf(error)}`,
        };
      }
    },
  };
}

function capabilitiesOf(name: string, value: unknown): LlmCapabilities {
  if (value === undefined) return PROMPT_ONLY;
  const flags = value as Partial<Record<keyof LlmCapabilities, unknown>> | null;
  const keys = ["prompt", "messages", "tools", "stop"] as const;
  if (
    typeof flags !== "object" ||
    flags === null ||
    !keys.every((key) => typeof flags[key] === "boolean")
  ) {
    throw usageError(
      `The LLM provider '${name}' exports capabilities that are not { prompt, messages, tools, stop } booleans (see ${GUIDES}#${PROVIDER.guide})`,
    );
  }
  return { ...(flags as LlmCapabilities), constrained: flags.constrained === true };
}

function isEnvVariable(value: unknown): value is EnvVariable {
  const variable = value as Partial<EnvVariable> | null;
  return typeof variable?.name === "string" && typeof variable.description === "string";
}

function notAPlugin(name: string, kind: typeof PROVIDER, signature: string) {
  return usageError(
    `'${name}' is not a langchain-mini ${kind.what} module: it does not export ${signature} (see ${GUIDES}#${kind.guide})`,
  );
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
