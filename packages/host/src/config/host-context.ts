import type { PluginContext, PluginNotice, SetupProgress } from "@langchain-mini/core";
import type { Secrets } from "../boundary/secrets.js";
import type { BundledModules } from "../plugins/locate-module.js";
import type { Env } from "./env.js";

/**
 * What one host gives every plug-in it loads, and where it looks for them: its settings,
 * folders and secrets. Nothing here belongs to the process: two hosts, two contexts.
 */
export interface HostContext {
  readonly env: Env;
  /** The user's working directory: relative paths and package names start here. */
  readonly cwd: string;
  readonly dataDirectory: string;
  readonly pluginHome: string;
  /** This host's secrets: plug-ins' secret settings and credentials join them. */
  readonly secrets: Secrets;
  readonly signal?: AbortSignal;
  readonly onProgress?: (progress: SetupProgress) => void;
  /**
   * A plug-in's log lines (an MCP server's stderr), for the trace; warnings given while
   * tools are made become start-up notices instead.
   */
  readonly onNotice?: (notice: PluginNotice) => void;
  /** Settings only an untrusted folder's `.env` gave: they may not choose a command. */
  readonly untrustedVariables?: ReadonlySet<string>;
  /** The built-ins the program carries inside it (a bundle), loaded instead of looked up. */
  readonly bundled?: BundledModules;
}

/** What every plug-in factory is given of its host: settings, folders, and where secrets go. */
export function pluginContext(host: HostContext): PluginContext {
  return {
    env: host.env,
    cwd: host.cwd,
    dataDirectory: host.dataDirectory,
    signal: host.signal,
    onProgress: host.onProgress,
    addSecret: host.secrets.add,
    ...(host.untrustedVariables ? { untrustedVariables: host.untrustedVariables } : {}),
  };
}
