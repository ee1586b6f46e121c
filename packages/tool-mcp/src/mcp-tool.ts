import type { JsonSchemaInput, Tool } from "@langchain-mini/core";
import { LONGEST_TIMER_MS } from "@langchain-mini/core/provider-kit";
import { type Tool as McpToolInfo, SdkError, SdkErrorCode } from "@modelcontextprotocol/client";
import type { Connection } from "./connect.js";
import { describeResult } from "./describe-result.js";
import { reasonOf } from "./failure-text.js";

/** Longer server descriptions are cut: every tool's description goes into every prompt. */
const MAX_DESCRIPTION = 4_000;
/**
 * The SDK's own limit per request (60 s by default) would cut a call the agent still
 * waits for: the agent's per-tool timeout and the run's signal decide instead.
 */
const NO_SDK_TIMEOUT = LONGEST_TIMER_MS;

export type McpArguments = Record<string, unknown>;

export interface McpToolSource {
  /** The server's key in the configuration. */
  readonly server: string;
  /** The credentials in its settings. */
  readonly secrets: readonly string[];
  readonly connection: Connection;
  /** Why the server can no longer be called (it exited), once it cannot. */
  readonly stopped: () => string | undefined;
}

/**
 * One tool of an MCP server as a typed tool: the server's input schema validates the
 * model's arguments before the call, and the run's signal cancels the call on the server.
 */
export function mcpTool(
  name: string,
  info: McpToolInfo,
  source: McpToolSource,
): Tool<McpArguments> {
  return {
    name,
    description: describe(info, source.server),
    inputSchema: info.inputSchema as JsonSchemaInput,
    origin: `MCP server "${source.server}"`,
    // A server's word that the tool only reads is the one reason not to ask first.
    needsApproval: info.annotations?.readOnlyHint !== true,
    async execute(input, { signal }) {
      const stopped = source.stopped();
      if (stopped) throw new Error(stopped);
      let result: Awaited<ReturnType<typeof source.connection.client.callTool>>;
      try {
        // Aborting sends the server notifications/cancelled for this request.
        result = await source.connection.client.callTool(
          { name: info.name, arguments: input },
          { signal, timeout: NO_SDK_TIMEOUT },
        );
      } catch (error) {
        if (isGone(error)) throw new Error(stoppedMessage(source.server));
        // The SDK's own words (a reply its schema refused, listing every problem) in one line.
        throw error instanceof SdkError
          ? new Error(reasonOf(error, source.secrets), { cause: error })
          : error;
      }
      const text = describeResult(result);
      if (result.isError) throw new Error(text || "the server reported an error without details");
      return text;
    },
  };
}

/** The connection closed under the call: the server exited or dropped it. */
function isGone(error: unknown) {
  return (
    error instanceof SdkError &&
    (error.code === SdkErrorCode.ConnectionClosed || error.code === SdkErrorCode.NotConnected)
  );
}

export function stoppedMessage(server: string) {
  return `MCP server "${server}" has stopped: restart langchain-mini to start it again`;
}

function describe(info: McpToolInfo, server: string) {
  const text =
    info.description?.trim() || info.title?.trim() || `${info.name} (MCP server ${server})`;
  return text.length > MAX_DESCRIPTION ? `${text.slice(0, MAX_DESCRIPTION)}…` : text;
}
