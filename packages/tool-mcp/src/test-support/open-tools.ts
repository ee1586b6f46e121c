import type { CreateToolOptions, Tool, ToolSet } from "@langchain-mini/core";
import type { McpArguments } from "../mcp-tool.js";
import { createTools } from "../plugin.js";

// The sets of tools a test file opened, for its after-hook to close.
const opened: ToolSet[] = [];

/** The plug-in's tools, as a host gets them; `closeTools` stops their servers. */
export async function openTools(options: CreateToolOptions): Promise<Tool<McpArguments>[]> {
  const set = await createTools(options);
  opened.push(set);
  return set.tools as Tool<McpArguments>[];
}

/** Stops the servers of every set `openTools` gave since the last call. */
export async function closeTools() {
  await Promise.all(opened.splice(0).map((set) => set.close?.()));
}
