import type { Tool } from "@langchain-mini/core";
import { createCalculator } from "@langchain-mini/tool-calculator";
import type { Env } from "./env.js";
import { usageError } from "./usage-error.js";

/** A tool the app can offer, or the reason it cannot (shown as a notice). */
type ToolFactory = (env: Env) => Tool | { readonly unavailable: string };

const registry: Record<string, ToolFactory> = {
  calculator: () => createCalculator(),
};

export interface ToolSelection {
  readonly tools: Tool[];
  /** Why a default tool was left out, e.g. a missing API key. */
  readonly notices: string[];
}

/**
 * `--tools a,b`: exactly those (an unavailable one is an error); none given: every available
 * tool. A name that is not built in is a tool package installed in the project or a file.
 */
export async function selectTools(names: string | undefined, env: Env): Promise<ToolSelection> {
  const explicit = names !== undefined;
  const wanted = explicit
    ? names
        .split(",")
        .map((name) => name.trim())
        .filter(Boolean)
    : Object.keys(registry);
  const tools: Tool[] = [];
  const notices: string[] = [];
  for (const name of new Set(wanted)) {
    const factory = registry[name.toLowerCase()];
    if (!factory) {
      tools.push(await loadTool(name, env));
      continue;
    }
    const tool = factory(env);
    if ("unavailable" in tool) {
      if (explicit) throw usageError(tool.unavailable);
      notices.push(tool.unavailable);
    } else tools.push(tool);
  }
  const toolNames = tools.map((tool) => tool.name.toLowerCase());
  const twice = toolNames.find((name, index) => toolNames.indexOf(name) !== index);
  if (twice) throw usageError(`Two tools in --tools are named '${twice}': leave one out`);
  return { tools, notices };
}

async function loadTool(name: string, env: Env) {
  const { loadToolPlugin } = await import("./plugin-loader.js");
  const tool = await loadToolPlugin(name, { env });
  if (tool) return tool;
  throw usageError(
    `Unknown tool '${name}' in --tools: available tools are ${Object.keys(registry).join(", ")}; or name a tool package installed in this project, or a file such as ./my-tool.js`,
  );
}
