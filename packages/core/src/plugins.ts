import type { Llm } from "./llm.js";
import type { Tool } from "./tool.js";

/**
 * The environment as the host read it (the shell over `.env`). Plug-ins read their keys
 * and endpoints here rather than from `process.env`, so a host can hand them its own.
 */
export type PluginEnv = Readonly<Record<string, string | undefined>>;

export interface CreateLlmOptions {
  /** What follows the module in `--llm <module>:<model>`; undefined when nothing does. */
  readonly model: string | undefined;
  readonly env: PluginEnv;
}

/**
 * What an LLM provider package (or file) exports so that a host can load it by name,
 * e.g. `langchain-mini ask --llm my-provider:some-model`. Throw a `LangchainMiniError`
 * with code `config_invalid` for a missing key or model: the host shows its message.
 */
export interface LlmProviderModule {
  createLlm(options: CreateLlmOptions): Llm | Promise<Llm>;
}

export interface CreateToolOptions {
  readonly env: PluginEnv;
}

/**
 * What a tool package (or file) exports so that a host can load it by name, e.g.
 * `langchain-mini ask --tools calculator,my-tool`.
 */
export interface ToolModule {
  createTool(options: CreateToolOptions): Tool | Promise<Tool>;
}

/** Why `value` is not an `Llm`, or undefined when it is one. Hosts reject plug-ins with it. */
export function llmContractProblem(value: unknown): string | undefined {
  if (typeof value !== "object" || value === null) return `got ${describe(value)}`;
  const llm = value as Partial<Record<keyof Llm, unknown>>;
  if (typeof llm.stream !== "function") return "it has no stream(request) method";
  if (typeof llm.provider !== "string" || !llm.provider) return "its provider is not a string";
  if (typeof llm.model !== "string") return "its model is not a string";
  return undefined;
}

/** Why `value` is not a `Tool`, or undefined when it is one. */
export function toolContractProblem(value: unknown): string | undefined {
  if (typeof value !== "object" || value === null) return `got ${describe(value)}`;
  const tool = value as Partial<Record<keyof Tool, unknown>>;
  if (typeof tool.name !== "string" || !/^\S+$/.test(tool.name)) {
    return "its name is not a single word";
  }
  if (typeof tool.description !== "string" || !tool.description.trim()) {
    return "it has no description";
  }
  if (typeof tool.execute !== "function") return "it has no execute(input, context) method";
  return undefined;
}

function describe(value: unknown) {
  if (value === null) return "null";
  if (value === undefined) return "undefined";
  return `a ${typeof value}`;
}
