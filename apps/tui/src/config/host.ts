import type { PluginNotice, SetupProgress } from "@langchain-mini/core";
import { dataHome } from "@langchain-mini/memory";
import { declareSecretValue } from "../boundary/secrets.js";
import { pluginHome } from "../plugins/plugin-home.js";
import type { Env } from "./env.js";

/** What every plug-in is given by this app, and where plug-ins are looked for. */
export interface Host {
  readonly env: Env;
  /** The user's working directory: relative paths and package names start here. */
  readonly cwd: string;
  readonly dataDirectory: string;
  readonly pluginHome: string;
  readonly signal?: AbortSignal;
  readonly onProgress?: (progress: SetupProgress) => void;
  /**
   * A plug-in's log lines (an MCP server's stderr), for the trace; warnings given while
   * tools are made become start-up notices instead.
   */
  readonly onNotice?: (notice: PluginNotice) => void;
  /** A credential a plug-in put together from its settings: blanked everywhere from then on. */
  readonly addSecret?: (value: string) => void;
}

/**
 * The host of a command run from the shell: its settings (the environment over what the
 * folder's `.env` may set: see folder-trust.ts), the working directory.
 */
export function shellHost(overrides: Partial<Host> & { readonly env: Env }): Host {
  const { env } = overrides;
  return {
    cwd: process.cwd(),
    dataDirectory: dataHome(env),
    pluginHome: pluginHome(env),
    addSecret: declareSecretValue,
    ...overrides,
  };
}
