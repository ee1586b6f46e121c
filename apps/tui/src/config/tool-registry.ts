import type { Tool } from "@langchain-mini/core";
import { createCalculator } from "@langchain-mini/tool-calculator";
import type { Env } from "./env.js";
import { usageError } from "./usage-error.js";

/** A tool the app can offer, or the reason it cannot (shown as a notice). */
type ToolFactory = (env: Env) => Promise<Tool | { readonly unavailable: string }>;

interface Entry {
  readonly create: ToolFactory;
  /** Offered when --tools is not given. */
  readonly byDefault: boolean;
}

// In the seeds' order. Network tools are imported only when they are used.
const registry: Record<string, Entry> = {
  search: {
    byDefault: true,
    create: async (env) => {
      if (!env.SERPAPI_API_KEY?.trim()) {
        return {
          unavailable:
            "SERPAPI_API_KEY is not set, so web search is left out: set it in the environment or .env to enable the search tool",
        };
      }
      return (await import("@langchain-mini/tool-search")).createSearchTool({ env });
    },
  },
  calculator: { byDefault: true, create: async () => createCalculator() },
  // Opt-in: it widens every prompt (and confuses small local models) for a narrow kind of
  // question, and the seeds' agent offers search and the calculator only.
  hackernews: {
    byDefault: false,
    create: async (env) =>
      (await import("@langchain-mini/tool-hackernews")).createHackerNewsTool({ env }),
  },
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
    : Object.keys(registry).filter((name) => registry[name]?.byDefault);
  const tools: Tool[] = [];
  const notices: string[] = [];
  for (const name of new Set(wanted)) {
    const entry = registry[name.toLowerCase()];
    if (!entry) {
      tools.push(await loadTool(name, env));
      continue;
    }
    const tool = await entry.create(env);
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
