import type {
  Availability,
  CreateToolOptions,
  EnvVariable,
  PluginEnv,
  ToolSet,
} from "@langchain-mini/core";
import { createPythonTool } from "./python-tool.js";
import { findRuntimeFiles } from "./runtime-files.js";

// The plug-in contract of @langchain-mini/core: what a host knows before calling createTools.

export const description =
  "Python 3 in a sandbox (Pyodide in Deno, no files, network or subprocesses), state kept within a run";

export const environment: readonly EnvVariable[] = [
  { name: "PYTHON_TOOL_CPU_MS", description: "CPU time per call in ms (default 5000)" },
  {
    name: "PYTHON_TOOL_MEMORY_MB",
    description: "memory the sandbox may take after start-up, in MiB (default 512)",
  },
  {
    name: "PYTHON_TOOL_OUTPUT_CHARS",
    description: "printed characters kept per call (default 10000)",
  },
  {
    name: "PYTHON_TOOL_STARTUP_CPU_MS",
    description: "CPU time loading Python may take, in ms (default 60000)",
  },
  { name: "PYTHON_TOOL_DENO", description: "a deno executable to use instead of the bundled one" },
];

export function availability(env: PluginEnv): Availability {
  const lookup = findRuntimeFiles(env);
  return lookup.found ? { available: true } : { available: false, reason: lookup.reason };
}

/**
 * One sandbox starts at once, in the background, so that the first call finds it loaded;
 * `close` ends this tool's sandboxes (they also end with the host process).
 */
export function createTools(options: CreateToolOptions): ToolSet {
  const tool = createPythonTool({ env: options.env });
  return { tools: [tool], close: () => tool.close() };
}
