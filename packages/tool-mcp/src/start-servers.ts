import type { PluginEnv, PluginNotice, Tool } from "@langchain-mini/core";
import { type Tool as McpToolInfo, SdkError, SdkErrorCode } from "@modelcontextprotocol/client";
import type { ServerConfig } from "./config.js";
import { type Connection, connect, StartFailure, seconds } from "./connect.js";
import { reasonOf, startWarning } from "./failure-text.js";
import { type McpArguments, mcpTool, stoppedMessage } from "./mcp-tool.js";
import { ToolNamer } from "./tool-names.js";

type NoticeSink = (notice: PluginNotice) => void;

interface Running {
  readonly connection: Connection;
  readonly tools: readonly McpToolInfo[];
  /** Set when the server went away (its process exited, the connection closed). */
  stopped?: string;
  /** Set when this process closes it: its going away is then no news. */
  closing?: boolean;
}

export interface StartOptions {
  readonly timeoutMs: number;
  /** The host's environment: what a stdio server's own is made from. */
  readonly env: PluginEnv;
  readonly onNotice?: NoticeSink;
}

/** The servers one `createTools` call started, and their tools. */
export interface ServerTools {
  readonly tools: Tool<McpArguments>[];
  /** Stops these servers: stdio servers get EOF, then SIGTERM, then SIGKILL. */
  close(): Promise<void>;
}

/**
 * Starts every configured server, in parallel, and gives their tools. One that fails to
 * start or to list its tools is one warning, and the others' tools are still offered.
 * The servers belong to the caller (one host's session): another call starts its own.
 */
export async function startServers(
  configs: readonly ServerConfig[],
  options: StartOptions,
): Promise<ServerTools> {
  const started = configs.map((config) => {
    const source = sourceOf(config.name);
    return start(config, options, (line) =>
      options.onNotice?.({ level: "log", source, message: line }),
    );
  });
  const settled = await Promise.allSettled(started);
  const namer = new ToolNamer();
  const tools: Tool<McpArguments>[] = [];
  const running: Running[] = [];
  settled.forEach((outcome, index) => {
    const config = configs[index] as ServerConfig;
    if (outcome.status === "rejected") {
      const stderr = outcome.reason instanceof StartFailure ? outcome.reason.stderr : [];
      options.onNotice?.({
        level: "warning",
        source: sourceOf(config.name),
        message: startWarning(config, outcome.reason, stderr),
      });
      return;
    }
    const server = outcome.value;
    running.push(server);
    const source = {
      server: config.name,
      secrets: config.secrets,
      connection: server.connection,
      stopped: () => server.stopped,
    };
    for (const info of server.tools) {
      tools.push(mcpTool(namer.name(config.name, info.name), info, source));
    }
  });
  let closing: Promise<void> | undefined;
  const close = () => {
    closing ??= Promise.all(
      running.map(async (server) => {
        server.closing = true;
        await server.connection.close().catch(() => undefined);
      }),
    ).then(() => undefined);
    return closing;
  };
  return { tools, close };
}

async function start(config: ServerConfig, options: StartOptions, onLog: (line: string) => void) {
  const { timeoutMs, env } = options;
  const connection = await connect(config, { timeoutMs, env, onLog });
  let tools: readonly McpToolInfo[];
  try {
    ({ tools } = await connection.client.listTools(undefined, { timeout: timeoutMs }));
  } catch (error) {
    await connection.close().catch(() => undefined);
    throw new StartFailure(listFailure(error, timeoutMs, config.secrets), connection.stderrTail(), {
      cause: error,
    });
  }
  const running: Running = { connection, tools };
  connection.client.onclose = () => {
    if (running.closing) return;
    running.stopped = stoppedMessage(config.name);
    onLog("(the server stopped: the connection closed)");
  };
  return running;
}

function sourceOf(name: string) {
  return `MCP server "${name}"`;
}

function listFailure(error: unknown, timeoutMs: number, secrets: readonly string[]) {
  const reason = reasonOf(error, secrets);
  if (!(error instanceof SdkError)) return `it did not list its tools (${reason})`;
  if (error.code === SdkErrorCode.RequestTimeout) {
    return `it did not list its tools within ${seconds(timeoutMs)}`;
  }
  if (error.code === SdkErrorCode.InvalidResult) {
    return `its list of tools is not valid MCP: ${reason.replace(/^Invalid result for tools\/list: /, "")}`;
  }
  return `it did not list its tools (${reason})`;
}
