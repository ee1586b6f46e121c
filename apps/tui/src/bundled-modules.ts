import type { BundledModules } from "@langchain-mini/host";

/**
 * The built-in providers, tools and stores the published CLI carries inside its bundle,
 * by their specifiers in the host's built-in tables: the bundler follows each import into
 * a chunk of its own, loaded only when a run uses it. Add-ons (llama.cpp, Python) are not
 * here: `plugins add` installs them, and the host looks them up as usual.
 */
export const BUNDLED_MODULES: BundledModules = new Map<string, () => Promise<unknown>>([
  ["@langchain-mini/llm-openai/plugin", () => import("@langchain-mini/llm-openai/plugin")],
  ["@langchain-mini/llm-anthropic/plugin", () => import("@langchain-mini/llm-anthropic/plugin")],
  ["@langchain-mini/llm-google/plugin", () => import("@langchain-mini/llm-google/plugin")],
  ["@langchain-mini/core/script", () => import("@langchain-mini/core/script")],
  ["@langchain-mini/tool-search", () => import("@langchain-mini/tool-search")],
  ["@langchain-mini/tool-calculator", () => import("@langchain-mini/tool-calculator")],
  ["@langchain-mini/tool-hackernews", () => import("@langchain-mini/tool-hackernews")],
  ["@langchain-mini/tool-mcp", () => import("@langchain-mini/tool-mcp")],
  ["@langchain-mini/memory/store", () => import("@langchain-mini/memory/store")],
  ["@langchain-mini/memory-redis", () => import("@langchain-mini/memory-redis")],
]);
