import { isLangchainMiniError, type Tool, toolContractProblem } from "@langchain-mini/core";
import { DEFAULT_TOOLS } from "../plugins/built-ins.js";
import { loadTool } from "../plugins/load-plugin.js";
import { messageOf } from "../plugins/locate-module.js";
import type { Host } from "./host.js";
import { usageError } from "./usage-error.js";

export interface ToolSelection {
  readonly tools: Tool[];
  /** Why a default tool was left out, e.g. a missing API key. */
  readonly notices: string[];
}

/**
 * `--tools a,b`: exactly those (an unavailable one is an error); none given: every
 * available default. Every name goes through the one plug-in loader: a built-in, a tool
 * package, or a file.
 */
export async function chooseTools(names: string | undefined, host: Host): Promise<ToolSelection> {
  const explicit = names !== undefined;
  const wanted = explicit
    ? names
        .split(",")
        .map((name) => name.trim())
        .filter(Boolean)
    : DEFAULT_TOOLS;
  const tools: Tool[] = [];
  const notices: string[] = [];
  for (const name of new Set(wanted)) {
    const plugin = await loadTool(builtInName(name), host);
    const verdict = plugin.availability(host.env);
    if (!verdict.available) {
      if (explicit) throw usageError(verdict.reason);
      notices.push(verdict.reason);
      continue;
    }
    let made: unknown;
    try {
      made = await plugin.createTools({
        env: host.env,
        cwd: host.cwd,
        dataDirectory: host.dataDirectory,
        signal: host.signal,
        onProgress: host.onProgress,
      });
    } catch (error) {
      if (isLangchainMiniError(error)) throw error;
      throw usageError(`createTools of '${name}' failed: ${messageOf(error)}`);
    }
    if (!Array.isArray(made)) {
      throw usageError(`createTools of '${name}' did not return a list of tools`);
    }
    for (const tool of made) {
      const problem = toolContractProblem(tool);
      if (problem)
        throw usageError(
          `createTools of '${name}' returned something that is not a tool: ${problem}`,
        );
      tools.push(tool as Tool);
    }
  }
  const lowered = tools.map((tool) => tool.name.toLowerCase());
  const twice = lowered.find((name, index) => lowered.indexOf(name) !== index);
  if (twice) throw usageError(`Two tools are named '${twice}': leave one out of --tools`);
  return { tools, notices };
}

/** Built-in names are lower-case; `--tools Calculator` means the built-in, a path keeps its case. */
function builtInName(name: string) {
  return /^[A-Za-z]+$/.test(name) ? name.toLowerCase() : name;
}
