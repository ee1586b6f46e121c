import { describeThrown, isLangchainMiniError, LangchainMiniError } from "./errors.js";
import type { LlmCapabilities } from "./llm.js";
import {
  type Availability,
  type EnvVariable,
  type LlmProviderModule,
  type PluginEnv,
  PROMPT_ONLY,
  type StoreModule,
  type ToolModule,
} from "./plugins.js";
import { modelPriceProblem, type PriceTable } from "./price.js";

/**
 * What a plug-in module exports, read once and checked: every field present and
 * well-formed, whatever the module itself left out or got wrong.
 */
export interface CheckedPluginInfo {
  readonly description: string | undefined;
  /** Only the well-formed entries. */
  readonly environment: readonly EnvVariable[];
  /** The module's own check, which now never throws; without one, always available. */
  availability(env: PluginEnv): Availability;
}

export interface CheckedProviderModule extends CheckedPluginInfo {
  readonly capabilities: LlmCapabilities;
  readonly defaultModel: string | undefined;
  /** Its published prices by model; only well-formed entries. */
  readonly prices: PriceTable;
  readonly createLlm: LlmProviderModule["createLlm"];
}

export interface CheckedToolModule extends CheckedPluginInfo {
  /** `createTools`, or a module's single `createTool` (the contract's first version) as one. */
  readonly createTools: NonNullable<ToolModule["createTools"]>;
  /** The module-wide `close` (the contract's first version), when it has one. */
  readonly close: (() => unknown) | undefined;
}

export interface CheckedStoreModule extends CheckedPluginInfo {
  /** The URL schemes it serves, e.g. `redis:`. */
  readonly protocols: readonly string[];
  readonly createStore: StoreModule["createStore"];
}

type Namespace = Readonly<Record<string, unknown>>;

interface Kind {
  readonly what: string;
  readonly guide: string;
}

const GUIDES = "https://github.com/langchain-mini/langchain-mini/tree/main/packages/core";
const PROVIDER: Kind = { what: "LLM provider", guide: "write-your-own-llm-provider" };
const TOOL: Kind = { what: "tool", guide: "write-your-own-tool" };
const STORE: Kind = { what: "session store", guide: "write-your-own-session-store" };

/**
 * Checks an LLM provider module (what `import()` gave) the way hosts do before they use
 * it. `name` is how the user named it. A module that breaks the contract is a
 * `config_invalid` error whose one line says what is wrong and where the guide is.
 */
export function checkProviderModule(module: unknown, name: string): CheckedProviderModule {
  return readExports(module, name, PROVIDER, (exports) => {
    const createLlm = exports.createLlm;
    if (typeof createLlm !== "function")
      throw notAPlugin(name, PROVIDER, "createLlm({ model, env })");
    return {
      ...infoOf(name, exports),
      capabilities: capabilitiesOf(name, exports.capabilities),
      defaultModel: typeof exports.defaultModel === "string" ? exports.defaultModel : undefined,
      prices: pricesOf(exports.prices),
      createLlm: createLlm as LlmProviderModule["createLlm"],
    };
  });
}

/** Checks a tool module: `createTools`, or `createTool` for one tool. See `checkProviderModule`. */
export function checkToolModule(module: unknown, name: string): CheckedToolModule {
  return readExports(module, name, TOOL, (exports) => {
    const { createTools, createTool, close } = exports;
    let create: CheckedToolModule["createTools"];
    if (typeof createTools === "function") create = createTools as CheckedToolModule["createTools"];
    else if (typeof createTool === "function") {
      const makeOne = createTool as NonNullable<ToolModule["createTool"]>;
      create = async (context) => [await makeOne(context)];
    } else throw notAPlugin(name, TOOL, "createTools({ env })");
    return {
      ...infoOf(name, exports),
      createTools: create,
      close: typeof close === "function" ? (close as () => unknown) : undefined,
    };
  });
}

/** Checks a session store module. See `checkProviderModule`. */
export function checkStoreModule(module: unknown, name: string): CheckedStoreModule {
  return readExports(module, name, STORE, (exports) => {
    const createStore = exports.createStore;
    if (typeof createStore !== "function")
      throw notAPlugin(name, STORE, "createStore({ url, env })");
    const protocols = Array.isArray(exports.protocols)
      ? exports.protocols.filter((protocol): protocol is string => typeof protocol === "string")
      : [];
    return {
      ...infoOf(name, exports),
      protocols,
      createStore: createStore as StoreModule["createStore"],
    };
  });
}

/**
 * Reads what a module exports: a getter or proxy trap that throws there is the
 * plug-in's breach of the contract, in one line, never an error of the host's.
 */
function readExports<T>(
  module: unknown,
  name: string,
  kind: Kind,
  read: (exports: Namespace) => T,
) {
  const exports = typeof module === "object" && module !== null ? (module as Namespace) : {};
  try {
    return read(exports);
  } catch (error) {
    if (isLangchainMiniError(error)) throw error;
    throw contractError(
      `The ${kind.what} module '${name}' broke its contract: reading its exports threw ${JSON.stringify(describeThrown(error))} (see ${GUIDES}#${kind.guide})`,
    );
  }
}

function infoOf(name: string, exports: Namespace): CheckedPluginInfo {
  const check = exports.availability;
  const environment = Array.isArray(exports.environment)
    ? exports.environment.filter(isEnvVariable)
    : [];
  return {
    description: typeof exports.description === "string" ? exports.description : undefined,
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
          reason: `${name}'s availability check failed: ${describeThrown(error)}`,
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
    throw contractError(
      `The LLM provider '${name}' exports capabilities that are not { prompt, messages, tools, stop } booleans (see ${GUIDES}#${PROVIDER.guide})`,
    );
  }
  return { ...(flags as LlmCapabilities), constrained: flags.constrained === true };
}

/** A module's `prices` export, without the entries that are not prices. */
function pricesOf(value: unknown): PriceTable {
  if (typeof value !== "object" || value === null || Array.isArray(value)) return {};
  const valid = Object.entries(value).filter(([, price]) => !modelPriceProblem(price));
  return Object.fromEntries(valid) as PriceTable;
}

function isEnvVariable(value: unknown): value is EnvVariable {
  const variable = value as Partial<EnvVariable> | null;
  return typeof variable?.name === "string" && typeof variable.description === "string";
}

function notAPlugin(name: string, kind: Kind, signature: string) {
  return contractError(
    `'${name}' is not a langchain-mini ${kind.what} module: it does not export ${signature} (see ${GUIDES}#${kind.guide})`,
  );
}

/** A plug-in that breaks its contract is a configuration error: exit status 2 in the CLI. */
function contractError(message: string) {
  return new LangchainMiniError("config_invalid", message);
}
