import {
  type PluginNotice,
  readToolSet,
  type Tool,
  toolContractProblem,
} from "@langchain-mini/core";
import {
  BUILT_IN_TOOLS,
  DEFAULT_TOOLS,
  MCP_CONFIG_VARIABLE,
  MCP_TOOLS,
} from "../plugins/built-ins.js";
import { boundedClose, callFactory, loadTool, type ToolPlugin } from "../plugins/load-plugin.js";
import { messageOf } from "../plugins/locate-module.js";
import { type HostContext, pluginContext } from "./host-context.js";
import { nearest } from "./nearest-name.js";
import { noticesToShow, type OnceNotice } from "./notice-memory.js";
import { usageError } from "./usage-error.js";

export interface ToolSelection {
  readonly tools: Tool<unknown>[];
  /**
   * Why a default tool was left out (a missing API key: once per setting, see
   * noticesToShow), or a server that did not start.
   */
  readonly notices: string[];
  /** Stops what the tools' modules started (MCP servers); call it once, before exiting. */
  close(): Promise<void>;
}

/**
 * `--tools a,b`: exactly those (one that cannot run stops the command); none given: every
 * available default, the others left out with a notice; and the MCP servers' tools when a
 * configuration names them. Every name goes through the one plug-in loader: a built-in, a
 * tool package, or a file.
 */
export async function chooseTools(
  names: string | undefined,
  host: HostContext,
): Promise<ToolSelection> {
  const explicit = names !== undefined;
  const wanted = explicit
    ? names
        .split(",")
        .map((name) => name.trim())
        .filter(Boolean)
    : [...DEFAULT_TOOLS];
  if (host.env[MCP_CONFIG_VARIABLE]?.trim()) wanted.push(MCP_TOOLS);
  const tools: Tool<unknown>[] = [];
  const notices: string[] = [];
  // Defaults left out (or back in): said once per setting, not on every run.
  const leftOut: OnceNotice[] = [];
  // What stops what the tools started (MCP servers, a sandbox): each set's own close.
  const closers: Array<() => Promise<void>> = [];
  const close = () => closeAll(closers);
  try {
    for (const name of new Set(wanted)) {
      const plugin = await loadNamedTool(name, host);
      const verdict = plugin.availability(host.env);
      const key = `tool:${plugin.name}`;
      if (!verdict.available) {
        if (explicit) throw usageError(namedToolStops(name, verdict.reason));
        leftOut.push({ key, text: `${name} is left out of this run's tools: ${verdict.reason}` });
        continue;
      }
      if (!explicit) leftOut.push({ key, text: undefined });
      const made = await makeTools(name, plugin, host, notices);
      closers.push(made.close);
      tools.push(...made.tools);
    }
  } catch (error) {
    await close();
    throw error;
  }
  notices.unshift(...(await noticesToShow(host.dataDirectory, leftOut)));
  const lowered = tools.map((tool) => tool.name.toLowerCase());
  const twice = lowered.find((name, index) => lowered.indexOf(name) !== index);
  if (twice) {
    await close();
    throw usageError(`Two tools are named '${twice}': leave one out of --tools`);
  }
  return { tools, notices, close };
}

async function makeTools(name: string, plugin: ToolPlugin, host: HostContext, notices: string[]) {
  // Warnings while the tools are made (a server that did not start) are start-up notices.
  const onNotice = (notice: PluginNotice) => {
    if (notice.level === "warning") notices.push(notice.message);
    else host.onNotice?.(notice);
  };
  const made = await callFactory(`createTools of '${name}'`, () =>
    plugin.createTools({ ...pluginContext(host), onNotice }),
  );
  const set = readToolSet(made);
  if (typeof set === "string") {
    throw usageError(
      `createTools of '${name}' did not return a list of tools, nor { tools, close }: ${set}`,
    );
  }
  for (const tool of set.tools) {
    const problem = toolContractProblem(tool);
    if (problem)
      throw usageError(
        `createTools of '${name}' returned something that is not a tool: ${problem}`,
      );
  }
  // A list alone: the first version of the contract, whose module-wide close stops them.
  const close = set.close ? boundedClose(set.close) : plugin.close;
  return { tools: set.tools as Tool<unknown>[], close };
}

/** Every set's `close`, at once; one that fails or hangs does not keep the others open. */
async function closeAll(closers: readonly (() => Promise<void>)[]) {
  await Promise.all(closers.map((close) => close().catch(() => undefined)));
}

/** A tool the user named that cannot run here: the command stops, and the line says what to do. */
function namedToolStops(name: string, reason: string) {
  return `stopped: --tools names ${name}, which cannot run: ${reason} (or leave ${name} out of --tools)`;
}

/**
 * Loads one name; a bare word that is neither built in nor installed gets the nearest
 * built-in name, if one is near, and the names a user can type.
 */
async function loadNamedTool(name: string, host: HostContext) {
  try {
    return await loadTool(builtInName(name), host);
  } catch (error) {
    if (!/^[\w-]+$/.test(name) || !/^Unknown tool '/.test(messageOf(error))) throw error;
    const typed = [...BUILT_IN_TOOLS.keys()].filter((tool) => tool !== MCP_TOOLS);
    const near = nearest(builtInName(name), typed);
    throw usageError(
      `Unknown tool '${name}' in --tools: ${near ? `did you mean ${near}? It` : "it"} is neither built in (${typed.join(", ")}) nor installed; add a tool package with langchain-mini plugins add <package>, or name a file such as ./my-tool.js`,
    );
  }
}

/** Built-in names are lower-case; `--tools Calculator` means the built-in, a path keeps its case. */
function builtInName(name: string) {
  return /^[A-Za-z]+$/.test(name) ? name.toLowerCase() : name;
}
