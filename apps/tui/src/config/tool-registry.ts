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

/** `--tools a,b`: exactly those (an unavailable one is an error); none given: every available tool. */
export function selectTools(names: string | undefined, env: Env): ToolSelection {
  const explicit = names !== undefined;
  const wanted = explicit
    ? names
        .split(",")
        .map((name) => name.trim().toLowerCase())
        .filter(Boolean)
    : Object.keys(registry);
  const tools: Tool[] = [];
  const notices: string[] = [];
  for (const name of new Set(wanted)) {
    const factory = registry[name];
    if (!factory) {
      throw usageError(
        `Unknown tool '${name}' in --tools: available tools are ${Object.keys(registry).join(", ")}`,
      );
    }
    const tool = factory(env);
    if ("unavailable" in tool) {
      if (explicit) throw usageError(tool.unavailable);
      notices.push(tool.unavailable);
    } else tools.push(tool);
  }
  return { tools, notices };
}
