import type {
  Availability,
  CreateToolOptions,
  EnvVariable,
  PluginEnv,
  Tool,
} from "@langchain-mini/core";
import { searchUnavailable } from "./search-settings.js";
import { createSearchTool } from "./search-tool.js";

// The plug-in contract of @langchain-mini/core: what a host knows before calling createTools.

export const description = "web search through SerpApi (Google)";

export const environment: readonly EnvVariable[] = [
  {
    name: "SERPAPI_API_KEY",
    description: "web search through SerpApi",
    secret: true,
    enables: true,
  },
  { name: "SERPAPI_BASE_URL", description: "a proxy or local fake instead of serpapi.com" },
];

export function availability(env: PluginEnv): Availability {
  const reason = searchUnavailable(env);
  return reason ? { available: false, reason } : { available: true };
}

export function createTools(options: CreateToolOptions): readonly Tool[] {
  return [createSearchTool({ env: options.env })];
}
