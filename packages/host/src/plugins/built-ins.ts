/**
 * The app's whole knowledge of its built-in providers and tools: names users type, and
 * the modules behind them. Each is loaded by the same loader as a third-party plug-in;
 * everything else (settings, keys, capabilities) each module says for itself.
 */
export const BUILT_IN_PROVIDERS: ReadonlyMap<string, string> = new Map([
  ["openai", "@langchain-mini/llm-openai/plugin"],
  ["anthropic", "@langchain-mini/llm-anthropic/plugin"],
  ["google", "@langchain-mini/llm-google/plugin"],
  ["llamacpp", "@langchain-mini/llm-llamacpp/plugin"],
  ["script", "@langchain-mini/core/script"],
]);

/** With no `--llm`, the first of these whose module says it is available is used. */
export const DEFAULT_PROVIDERS: readonly string[] = ["openai", "anthropic", "google"];

export const BUILT_IN_TOOLS: ReadonlyMap<string, string> = new Map([
  ["search", "@langchain-mini/tool-search"],
  ["calculator", "@langchain-mini/tool-calculator"],
  ["hackernews", "@langchain-mini/tool-hackernews"],
  ["mcp", "@langchain-mini/tool-mcp"],
  ["python", "@langchain-mini/tool-python"],
]);

/**
 * `--store <url>` by its protocol. A path is a directory for the file store; with no
 * `--store` (nor LANGCHAIN_MINI_STORE), the file store in the data directory.
 */
export const BUILT_IN_STORES: ReadonlyMap<string, string> = new Map([
  ["file:", "@langchain-mini/memory/store"],
  ["memory:", "@langchain-mini/memory/store"],
  ["redis:", "@langchain-mini/memory-redis"],
  ["rediss:", "@langchain-mini/memory-redis"],
]);

export const DEFAULT_STORE = "file:";

/**
 * Offered when `--tools` is not given: the seeds' agent has search and the calculator.
 * Hacker News and Python are opt-in: they widen every prompt for a narrow kind of
 * question, and Python starts a sandbox process.
 */
export const DEFAULT_TOOLS: readonly string[] = ["search", "calculator"];

/**
 * The MCP servers' tools come with their configuration (`--mcp <file>` or
 * LANGCHAIN_MINI_MCP), whatever `--tools` says: the file is the user's choice of tools.
 */
export const MCP_TOOLS = "mcp";
export const MCP_CONFIG_VARIABLE = "LANGCHAIN_MINI_MCP";

/**
 * Built-ins that `npm install -g langchain-mini` does not bring (their size is paid only by
 * those who use them): `langchain-mini plugins add <package>` installs one.
 */
export const ADD_ONS: ReadonlyMap<string, string> = new Map([
  ["@langchain-mini/llm-llamacpp/plugin", "@langchain-mini/llm-llamacpp"],
  // Deno's binary and Pyodide: about 110 MB.
  ["@langchain-mini/tool-python", "@langchain-mini/tool-python"],
]);
