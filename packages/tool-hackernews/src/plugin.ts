import type { CreateToolOptions, EnvVariable, Tool } from "@langchain-mini/core";
import { createHackerNewsTool } from "./hackernews-tool.js";

// The plug-in contract of @langchain-mini/core: what a host knows before calling createTools.

export const description = "Hacker News search (Algolia's public API, no key)";

export const environment: readonly EnvVariable[] = [
  { name: "HACKERNEWS_BASE_URL", description: "another Algolia-compatible host" },
];

export function createTools(options: CreateToolOptions): readonly Tool[] {
  return [createHackerNewsTool({ env: options.env })];
}
