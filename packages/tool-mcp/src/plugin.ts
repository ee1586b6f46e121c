import {
  type Availability,
  type CreateToolOptions,
  type EnvVariable,
  LangchainMiniError,
  type PluginEnv,
  type ToolSet,
} from "@langchain-mini/core";
import { LONGEST_TIMER_MS } from "@langchain-mini/core/provider-kit";
import { readMcpConfig, SHAPE } from "./config.js";
import { startServers } from "./start-servers.js";

// The plug-in contract of @langchain-mini/core: one module, the tools of many servers.

export const description = "every tool of the MCP servers in LANGCHAIN_MINI_MCP (stdio or HTTP)";

export const environment: readonly EnvVariable[] = [
  {
    name: "LANGCHAIN_MINI_MCP",
    description: `a JSON file of MCP servers, ${SHAPE}, or that JSON itself`,
  },
  {
    name: "LANGCHAIN_MINI_MCP_TIMEOUT",
    description: "seconds a server may take to start and list its tools; default 30",
  },
];

export function availability(env: PluginEnv): Availability {
  if (env.LANGCHAIN_MINI_MCP?.trim()) return { available: true };
  return {
    available: false,
    reason:
      "No MCP servers are configured: pass --mcp <file> or set LANGCHAIN_MINI_MCP to a JSON file with mcpServers",
  };
}

/**
 * The tools of every configured server, named `<server>__<tool>`, and `close`, which stops
 * those servers: each call starts its own, so two hosts never share a server. A server
 * that does not start is a warning through `onNotice`, not a failure; a bad
 * configuration file is a `config_invalid` error.
 */
export async function createTools(options: CreateToolOptions): Promise<ToolSet> {
  const servers = await readMcpConfig(
    options.env,
    options.cwd,
    options.signal,
    options.untrustedVariables,
  );
  if (!servers) throw new LangchainMiniError("config_invalid", reasonOf(availability(options.env)));
  const timeoutMs = timeoutOf(options.env);
  // Before any server starts: whatever it echoes of them is blanked by the host.
  for (const server of servers) for (const secret of server.secrets) options.addSecret?.(secret);
  return startServers(servers, {
    timeoutMs,
    env: options.env,
    ...(options.onNotice ? { onNotice: options.onNotice } : {}),
  });
}

/** The longest wait a timer takes, in whole seconds (about 24.8 days). */
const LONGEST_SECONDS = Math.floor(LONGEST_TIMER_MS / 1000);

function timeoutOf(env: PluginEnv) {
  const value = env.LANGCHAIN_MINI_MCP_TIMEOUT?.trim();
  if (!value) return 30_000;
  const ms = Math.round(Number(value) * 1000);
  // Past what timers take, Node would fire every server's timer at once.
  if (!(Number.isFinite(ms) && ms >= 1 && ms <= LONGEST_TIMER_MS)) {
    throw new LangchainMiniError(
      "config_invalid",
      `LANGCHAIN_MINI_MCP_TIMEOUT must be a number of seconds from 0.001 to ${LONGEST_SECONDS}, not "${value}"`,
    );
  }
  return ms;
}

function reasonOf(availability: Availability) {
  return availability.available ? "" : availability.reason;
}
