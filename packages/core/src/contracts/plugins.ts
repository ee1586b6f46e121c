import { describeThrown } from "./errors.js";
import type { Llm, LlmCapabilities } from "./llm.js";
import type { PriceTable } from "./price.js";
import type { SessionStore } from "./session-store.js";
import type { Tool } from "./tool.js";

/**
 * The environment as the host read it (the shell over `.env`). Plug-ins read their keys
 * and endpoints here rather than from `process.env`, so a host can hand them its own.
 */
export type PluginEnv = Readonly<Record<string, string | undefined>>;

/** One environment variable a plug-in reads, for help texts, set-up screens and redaction. */
export interface EnvVariable {
  readonly name: string;
  /** One line: what it is for, e.g. "the API key". */
  readonly description: string;
  /** The value is a secret: hosts blank it out of everything they write. */
  readonly secret?: boolean;
  /** Setting it alone makes the plug-in usable: set-up screens offer it. */
  readonly enables?: boolean;
  /** A value to show in set-up help, e.g. `sk-…` or `http://localhost:11434/v1`. */
  readonly example?: string;
}

/** Whether a plug-in can work with an environment; if not, one line that says what to set. */
export type Availability =
  | { readonly available: true }
  | { readonly available: false; readonly reason: string };

/**
 * What every plug-in module (provider, tool or store, built in or third party) may export so a
 * host knows about it without calling its factory. All of it is optional: a module that
 * exports only its factory still loads.
 */
export interface PluginInfo {
  /** One line for listings, e.g. "SerpApi web search". */
  readonly description?: string;
  /** The variables it reads. */
  readonly environment?: readonly EnvVariable[];
  /** Cheap and synchronous (no I/O): can it work with `env`? Missing means always. */
  availability?(env: PluginEnv): Availability;
}

/** Long set-up work (a model download, an install) reports here. */
export interface SetupProgress {
  /** What is being done, e.g. "qwen2.5-1.5b-instruct-q4_k_m.gguf". */
  readonly label: string;
  readonly done: number;
  /** Undefined when the size is not known. */
  readonly total?: number;
  readonly unit: "bytes" | "items";
  /** Of `done`, what an earlier, interrupted attempt had already done (a resumed download). */
  readonly resumedFrom?: number;
}

/** Something a plug-in tells its host while it works, outside any run's events. */
export interface PluginNotice {
  /**
   * `warning`: the user should see it, in one line (a server that did not start, whose
   * tools are left out); `log`: for the trace only, never over a terminal UI (a server's
   * own stderr).
   */
  readonly level: "warning" | "log";
  /** Who says it, e.g. `MCP server "files"`. */
  readonly source: string;
  readonly message: string;
}

/** What every factory gets from its host. */
export interface PluginContext {
  readonly env: PluginEnv;
  /** Where the host keeps data (downloads, caches), e.g. LANGCHAIN_MINI_HOME. */
  readonly dataDirectory?: string;
  /** What relative paths in the plug-in's settings are relative to; default the process's. */
  readonly cwd?: string;
  /** Ends set-up work that takes long (a download). */
  readonly signal?: AbortSignal;
  readonly onProgress?: (progress: SetupProgress) => void;
  /** Where notices go; without it, a plug-in keeps them to itself. */
  readonly onNotice?: (notice: PluginNotice) => void;
  /**
   * Credentials a plug-in assembled from its settings (a password in a URL, a header
   * value, a token it expanded from `${NAME}`), which no variable's name gives away: the
   * host blanks them everywhere from then on, as it blanks the secrets of `env`.
   */
  readonly addSecret?: (value: string) => void;
  /**
   * The names in `env` whose values came only from the working folder's `.env`, in a
   * folder the user has not trusted: plain settings (a model, a token), which may not
   * choose a program to start, its arguments or its directory. Undefined or empty: none.
   */
  readonly untrustedVariables?: ReadonlySet<string>;
}

export interface CreateLlmOptions extends PluginContext {
  /** What follows the module in `--llm <module>:<model>`; undefined when nothing does. */
  readonly model: string | undefined;
  /**
   * `--constrained`: decode only well-formed ReAct steps naming these tools. Only asked
   * of providers whose capabilities say `constrained`.
   */
  readonly constrain?: { readonly toolNames: readonly string[] };
}

/**
 * What an LLM provider package (or file) exports so that a host can load it by name,
 * e.g. `langchain-mini ask --llm my-provider:some-model`. Throw a `LangchainMiniError`
 * with code `config_invalid` for a missing key or model: the host shows its message.
 */
export interface LlmProviderModule extends PluginInfo {
  /** What the host may ask of it; without it, plain prompts only (the ReAct agent). */
  readonly capabilities?: LlmCapabilities;
  /** The model used when `--llm` names none, for listings. */
  readonly defaultModel?: string;
  /**
   * Published prices of its default and popular models, each dated (`checked`). The
   * LLMs it makes carry their model's as `price`; hosts may list them, and lay a user's
   * own prices over them.
   */
  readonly prices?: PriceTable;
  createLlm(options: CreateLlmOptions): Llm | Promise<Llm>;
}

export type CreateToolOptions = PluginContext;

/**
 * Tools together with what stops what they started (servers, sandboxes): the host that
 * asked for them calls `close` once it is done with them, also on Ctrl+C and SIGTERM.
 * What one call started belongs to that call: two hosts never share it.
 */
export interface ToolSet {
  readonly tools: readonly Tool<unknown>[];
  close?(): Promise<void> | void;
}

/**
 * What a tool package (or file) exports so that a host can load it by name, e.g.
 * `langchain-mini ask --tools calculator,my-tool`: `createTools` (one module may make
 * several tools) or, for one tool, `createTool`.
 */
export interface ToolModule extends PluginInfo {
  /** The tools, or a `ToolSet` when they started something that must be stopped. */
  createTools?(
    options: CreateToolOptions,
  ): readonly Tool<unknown>[] | ToolSet | Promise<readonly Tool<unknown>[] | ToolSet>;
  createTool?(options: CreateToolOptions): Tool<unknown> | Promise<Tool<unknown>>;
  /**
   * Stops everything the module started for its tools, in any host: the first version of
   * the contract. A module whose tools start something returns a `ToolSet` instead, so
   * that one host's close leaves another's tools alone.
   */
  close?(): Promise<void> | void;
}

export interface CreateStoreOptions extends PluginContext {
  /**
   * Where the sessions live, as the user wrote it: `redis://:pw@cache:6379/2` for a module
   * chosen by its protocol, or what follows the module's name in `--store <module>:<url>`
   * (empty when nothing does).
   */
  readonly url: string;
}

/**
 * What a session store package (or file) exports so that a host can keep conversations in
 * it, e.g. `langchain-mini ask --store redis://cache:6379 --session work`. Throw a
 * `LangchainMiniError` with code `config_invalid` for a URL or setting it cannot use;
 * connect lazily (on the first call), so that a store that is down costs a warning, not
 * the answer.
 */
export interface StoreModule extends PluginInfo {
  /** The URL schemes it serves, with their colon, e.g. `["redis:", "rediss:"]`. */
  readonly protocols?: readonly string[];
  createStore(options: CreateStoreOptions): SessionStore | Promise<SessionStore>;
}

/** What a provider that declares nothing can do: continue a plain prompt. */
export const PROMPT_ONLY: LlmCapabilities = {
  prompt: true,
  messages: false,
  tools: false,
  stop: false,
};

/** Why `value` is not an `Llm`, or undefined when it is one. Hosts reject plug-ins with it. */
export function llmContractProblem(value: unknown): string | undefined {
  return checked(() => llmProblem(value));
}

function llmProblem(value: unknown): string | undefined {
  if (typeof value !== "object" || value === null) return `got ${describe(value)}`;
  const llm = value as Partial<Record<keyof Llm, unknown>>;
  if (typeof llm.stream !== "function") return "it has no stream(request) method";
  if (typeof llm.provider !== "string" || !llm.provider) return "its provider is not a string";
  if (typeof llm.model !== "string") return "its model is not a string";
  return undefined;
}

/** Why `value` is not a `Tool`, or undefined when it is one. */
export function toolContractProblem(value: unknown): string | undefined {
  return checked(() => toolProblem(value));
}

function toolProblem(value: unknown): string | undefined {
  if (typeof value !== "object" || value === null) return `got ${describe(value)}`;
  const tool = value as Partial<Record<keyof Tool, unknown>>;
  if (typeof tool.name !== "string" || !/^\S+$/.test(tool.name)) {
    return "its name is not a single word";
  }
  if (typeof tool.description !== "string" || !tool.description.trim()) {
    return "it has no description";
  }
  if (typeof tool.execute !== "function") return "it has no execute(input, context) method";
  for (const key of ["inputSchema", "parameters"] as const) {
    const schema = tool[key];
    if (schema !== undefined && (typeof schema !== "object" || schema === null)) {
      return `its ${key} is not a schema (got ${describe(schema)})`;
    }
  }
  return undefined;
}

/** A `createTools` result read once into plain values: its tools, and `close` if it has one. */
export interface ReadToolSet {
  readonly tools: readonly unknown[];
  readonly close?: () => unknown;
}

/**
 * What `createTools` gave, as a list and an optional `close`: a list of tools, or a
 * `ToolSet`. Read once into plain values, so that a getter or a proxy cannot answer
 * differently later; a string says why it is neither (each tool is checked apart).
 */
export function readToolSet(value: unknown): ReadToolSet | string {
  let read: ReadToolSet | undefined;
  const problem = checked(() => {
    if (Array.isArray(value)) {
      read = { tools: [...value] };
      return undefined;
    }
    if (typeof value !== "object" || value === null) return `got ${describe(value)}`;
    const { tools, close } = value as { tools?: unknown; close?: unknown };
    if (!Array.isArray(tools)) return "its tools are not a list";
    if (close !== undefined && typeof close !== "function") return "its close is not a method";
    read = { tools: [...tools], ...(close ? { close: () => close.call(value) } : {}) };
    return undefined;
  });
  return read ?? problem ?? "it is not a list of tools";
}

/** Why `value` is not a `SessionStore`, or undefined when it is one. */
export function storeContractProblem(value: unknown): string | undefined {
  return checked(() => storeProblem(value));
}

function storeProblem(value: unknown): string | undefined {
  if (typeof value !== "object" || value === null) return `got ${describe(value)}`;
  const store = value as Partial<Record<keyof SessionStore, unknown>>;
  for (const method of ["load", "append", "clear", "list"] as const) {
    if (typeof store[method] !== "function") return `it has no ${method} method`;
  }
  if (store.close !== undefined && typeof store.close !== "function") {
    return "its close is not a method";
  }
  return undefined;
}

/**
 * A check that reads a plug-in's object: a getter or a proxy trap that throws is the
 * plug-in's breach of the contract, said as such, never an error of the host's.
 */
function checked(check: () => string | undefined): string | undefined {
  try {
    return check();
  } catch (error) {
    return `reading it threw ${JSON.stringify(describeThrown(error))}: the plug-in broke its contract (give plain values, not getters that throw)`;
  }
}

function describe(value: unknown) {
  if (value === null) return "null";
  if (value === undefined) return "undefined";
  if (Array.isArray(value)) return "an array";
  return `a ${typeof value}`;
}
