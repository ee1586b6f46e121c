import { existsSync } from "node:fs";
import { isAbsolute, resolve as resolvePath } from "node:path";
import { pathToFileURL } from "node:url";
import {
  isLangchainMiniError,
  type Llm,
  llmContractProblem,
  type Tool,
  toolContractProblem,
} from "@langchain-mini/core";
import { resolve as resolveModule } from "import-meta-resolve";
import type { Env } from "./env.js";
import { usageError } from "./usage-error.js";

const GUIDES = "https://github.com/langchain-mini/langchain-mini/tree/main/packages/core";

export interface PluginOptions {
  readonly env: Env;
  /** Where package names and relative paths are resolved from; default the working directory. */
  readonly cwd?: string;
}

/**
 * `--llm <module>:<model>`: a package or file that exports `createLlm({ model, env })`.
 * Undefined when no such package is installed, so the caller can list the built-in names.
 */
export async function loadLlmPlugin(
  specifier: string,
  model: string | undefined,
  options: PluginOptions,
): Promise<Llm | undefined> {
  const module = await importPlugin(specifier, "LLM provider", options.cwd);
  if (!module) return undefined;
  const created = await callFactory(module, "createLlm", "LLM provider", specifier, {
    model,
    env: options.env,
  });
  const problem = llmContractProblem(created);
  if (problem) throw usageError(`createLlm of '${specifier}' did not return an LLM: ${problem}`);
  return created as Llm;
}

/** `--tools <module>`: a package or file that exports `createTool({ env })`. Undefined when not installed. */
export async function loadToolPlugin(
  specifier: string,
  options: PluginOptions,
): Promise<Tool | undefined> {
  const module = await importPlugin(specifier, "tool", options.cwd);
  if (!module) return undefined;
  const created = await callFactory(module, "createTool", "tool", specifier, { env: options.env });
  const problem = toolContractProblem(created);
  if (problem) throw usageError(`createTool of '${specifier}' did not return a tool: ${problem}`);
  return created as Tool;
}

/** A path (`./x.js`, `/abs/x.js`) or a package name, the way changesets loads its plug-ins. */
function isPathSpecifier(specifier: string) {
  return /^\.{1,2}[\\/]/.test(specifier) || isAbsolute(specifier) || specifier.startsWith("file:");
}

async function importPlugin(specifier: string, kind: string, cwd = process.cwd()) {
  const url = isPathSpecifier(specifier)
    ? fileUrl(specifier, kind, cwd)
    : // The user's project first, then beside the app (plug-ins installed globally with it).
      (findPackage(specifier, pathToFileURL(`${cwd}/`).href) ??
      findPackage(specifier, import.meta.url));
  if (!url) return undefined;
  try {
    return (await import(url)) as Record<string, unknown>;
  } catch (error) {
    throw usageError(`The ${kind} module '${specifier}' failed to load: ${messageOf(error)}`);
  }
}

function fileUrl(specifier: string, kind: string, cwd: string) {
  if (specifier.startsWith("file:")) return specifier;
  const path = resolvePath(cwd, specifier);
  if (!existsSync(path)) throw usageError(`No ${kind} module at ${specifier} (looked for ${path})`);
  return pathToFileURL(path).href;
}

function findPackage(specifier: string, parent: string) {
  try {
    return resolveModule(specifier, parent);
  } catch (error) {
    const { code } = error as { code?: unknown };
    if (code === "ERR_MODULE_NOT_FOUND" && messageOf(error).startsWith("Cannot find package")) {
      return undefined;
    }
    throw usageError(`Cannot load the module '${specifier}': ${messageOf(error)}`);
  }
}

async function callFactory(
  module: Record<string, unknown>,
  name: "createLlm" | "createTool",
  kind: string,
  specifier: string,
  options: object,
) {
  const factory = module[name];
  if (typeof factory !== "function") {
    const [signature, guide] =
      name === "createLlm"
        ? ["createLlm({ model, env })", "write-your-own-llm-provider"]
        : ["createTool({ env })", "write-your-own-tool"];
    throw usageError(
      `'${specifier}' is not a langchain-mini ${kind} module: it does not export ${signature} (see ${GUIDES}#${guide})`,
    );
  }
  try {
    return await factory(options);
  } catch (error) {
    // The plug-in's own message already says what to do (a missing key, an unknown model).
    if (isLangchainMiniError(error)) throw error;
    throw usageError(`${name} of '${specifier}' failed: ${messageOf(error)}`);
  }
}

function messageOf(error: unknown) {
  return error instanceof Error ? error.message : String(error);
}
