import { BUILT_IN_STORES, DEFAULT_STORE, MCP_CONFIG_VARIABLE } from "../plugins/built-ins.js";
import type { Env } from "./env.js";
import { parseStoreSpec } from "./store-choice.js";

const DATA_FOLDER = "the data folder, whose plug-ins and files it loads";
const CHILD_CODE = "code that the programs it runs (npm) load first";
const CHILD_LIBRARIES = "libraries that the programs it runs load first";
const SHELL = "a shell, or a script every shell it starts runs first";

/**
 * Settings that name code to load or a command to run, by name, with what they make the
 * CLI do. A folder's `.env` may set them only once the folder is trusted: the environment
 * and flags are the user's own, a folder may be anyone's (a cloned repository, a download).
 * The rest of `.env` (keys, base URLs, models, limits) applies everywhere.
 */
const CODE_SETTINGS: ReadonlyMap<string, string> = new Map([
  [MCP_CONFIG_VARIABLE, "MCP servers: commands it starts"],
  ["LANGCHAIN_MINI_HOME", DATA_FOLDER],
  ["XDG_DATA_HOME", DATA_FOLDER],
  ["HOME", DATA_FOLDER],
  ["PYTHON_TOOL_DENO", "a program it runs"],
  ["PATH", "where it finds the programs it runs"],
  ["NODE_OPTIONS", CHILD_CODE],
  ["NODE_PATH", CHILD_CODE],
  ["LD_PRELOAD", CHILD_LIBRARIES],
  ["LD_LIBRARY_PATH", CHILD_LIBRARIES],
  ["LD_AUDIT", CHILD_LIBRARIES],
  ["DYLD_INSERT_LIBRARIES", CHILD_LIBRARIES],
  ["DYLD_LIBRARY_PATH", CHILD_LIBRARIES],
  ["BASH_ENV", SHELL],
  ["ENV", SHELL],
  ["SHELL", SHELL],
  ["XDG_CONFIG_HOME", "git's settings (npm runs git), such as the commands it runs"],
]);

/** Families of such settings: npm's own (a registry, a script shell) and git's. */
const CODE_PREFIXES: ReadonlyArray<readonly [RegExp, string]> = [
  [/^npm_config_/i, "npm's settings for plugins add (the registry, the shell for scripts)"],
  [/^GIT_/, "git's settings (npm runs git), such as the commands it runs"],
];

/**
 * What the variable would make the CLI load or run, when it names code; undefined for a
 * plain setting. LANGCHAIN_MINI_STORE is plain while it names a built-in store (a
 * directory, memory:, redis://…), code when it names a store module (`./store.js:…`).
 */
export function codeSettingReason(name: string, value: string): string | undefined {
  if (name === "LANGCHAIN_MINI_STORE")
    return storeModuleNamed(value) ? "a session store module it loads" : undefined;
  return CODE_SETTINGS.get(name) ?? CODE_PREFIXES.find(([pattern]) => pattern.test(name))?.[1];
}

/**
 * The variables of `values` (a folder's `.env`) that name code and that the environment
 * does not set already (where it does, the environment wins anyway), with their reasons.
 */
export function codeSettingsIn(values: Env, environment: Env): Map<string, string> {
  const found = new Map<string, string>();
  for (const [name, value] of Object.entries(values)) {
    if (value === undefined || environment[name] !== undefined) continue;
    const reason = codeSettingReason(name, value) ?? keyRedirect(name, values, environment);
    if (reason) found.set(name, reason);
  }
  return found;
}

/** Providers whose settings share a key under either name (Gemini's are GOOGLE_ and GEMINI_). */
const KEY_FAMILIES: ReadonlyMap<string, readonly string[]> = new Map([
  ["GOOGLE", ["GOOGLE", "GEMINI"]],
  ["GEMINI", ["GEMINI", "GOOGLE"]],
]);
const KEY_NAME = /KEY|TOKEN|SECRET|PASSWORD/i;

/**
 * A folder's base URL for a provider whose key the user's own environment holds (and the
 * folder does not): the folder would choose the server that receives the user's key. Not
 * code, but as much the user's to decide: it counts once the folder is trusted.
 */
function keyRedirect(name: string, values: Env, environment: Env): string | undefined {
  const provider = /^([A-Z0-9]+)_(?:[A-Z0-9]+_)*BASE_URL$/i.exec(name)?.[1]?.toUpperCase();
  if (!provider) return undefined;
  const prefixes = (KEY_FAMILIES.get(provider) ?? [provider]).map((word) => `${word}_`);
  const ofProvider = (variable: string) =>
    KEY_NAME.test(variable) && prefixes.some((prefix) => variable.toUpperCase().startsWith(prefix));
  if (Object.keys(values).some(ofProvider)) return undefined;
  const key = Object.keys(environment).find(
    (variable) => ofProvider(variable) && environment[variable],
  );
  return key ? `the server that receives ${key} from your environment` : undefined;
}

function storeModuleNamed(value: string) {
  try {
    const { name } = parseStoreSpec(value.trim() || DEFAULT_STORE);
    return !BUILT_IN_STORES.has(name);
  } catch {
    // A URL no store serves: it fails as a usage error wherever it comes from.
    return false;
  }
}
