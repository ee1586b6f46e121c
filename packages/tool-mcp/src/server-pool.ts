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

/** One configured server: started once, its stderr sent to the latest host that asked. */
class Entry {
  notices: NoticeSink | undefined;
  readonly started: Promise<Running>;

  constructor(config: ServerConfig, options: StartOptions) {
    const source = sourceOf(config.name);
    this.started = start(config, options, (line) =>
      this.notices?.({ level: "log", source, message: line }),
    );
    // A failure is reported where it is awaited; this keeps Node from calling it unhandled.
    this.started.catch(() => undefined);
  }
}

/** Every server this process started, by its configuration: each starts once. */
const servers = new Map<string, Entry>();

export interface StartOptions {
  readonly timeoutMs: number;
  /** The host's environment: what a stdio server's own is made from. */
  readonly env: PluginEnv;
  readonly onNotice?: NoticeSink;
}

/**
 * The tools of every configured server. Servers start in parallel, the first time they
 * are asked for; one that fails to start or to list its tools is one warning, and the
 * others' tools are still offered.
 */
export async function serverTools(
  configs: readonly ServerConfig[],
  options: StartOptions,
): Promise<Tool<McpArguments>[]> {
  const entries = configs.map((config) => {
    const entry = entryFor(config, options);
    entry.notices = options.onNotice;
    return entry;
  });
  const settled = await Promise.allSettled(entries.map((entry) => entry.started));
  const namer = new ToolNamer();
  const tools: Tool<McpArguments>[] = [];
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
    const running = outcome.value;
    const source = {
      server: config.name,
      secrets: config.secrets,
      connection: running.connection,
      stopped: () => running.stopped,
    };
    for (const info of running.tools) {
      tools.push(mcpTool(namer.name(config.name, info.name), info, source));
    }
  });
  return tools;
}

/** Stops every server this process started: stdio servers get EOF, then SIGTERM, then SIGKILL. */
export async function closeServers() {
  const entries = [...servers.values()];
  servers.clear();
  await Promise.all(
    entries.map(async (entry) => {
      const running = await entry.started.catch(() => undefined);
      if (!running) return;
      running.closing = true;
      await running.connection.close().catch(() => undefined);
    }),
  );
}

function entryFor(config: ServerConfig, options: StartOptions): Entry {
  const key = JSON.stringify(config);
  let entry = servers.get(key);
  if (!entry) {
    entry = new Entry(config, options);
    servers.set(key, entry);
  }
  return entry;
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
