import { createRequire } from "node:module";
import type { PluginEnv } from "@langchain-mini/core";
import {
  Client,
  SdkError,
  SdkErrorCode,
  SdkHttpError,
  SSEClientTransport,
  StreamableHTTPClientTransport,
  type Transport,
} from "@modelcontextprotocol/client";
import { boundedFetch } from "./bounded-fetch.js";
import type { HttpServer, ServerConfig } from "./config.js";
import { SentRequests } from "./stand-in.js";
import { startStdio } from "./stdio-server.js";

const { version } = createRequire(import.meta.url)("../package.json") as { version: string };

/** One connected server. */
export interface Connection {
  readonly client: Client;
  /** How it was reached: `stdio`, `streamable-http` or `sse`. */
  readonly transport: string;
  /** The child process of a stdio server, while it runs. */
  readonly pid: () => number | undefined;
  /** The last lines of a stdio server's stderr, to explain a failure. */
  readonly stderrTail: () => readonly string[];
  close(): Promise<void>;
}

export interface ConnectOptions {
  readonly timeoutMs: number;
  /** The host's environment: what a stdio server's own is made from. */
  readonly env: PluginEnv;
  /** A line the server wrote to its stderr, or one about it for the trace. */
  readonly onLog: (line: string) => void;
}

/** A server that did not start: why, and the last lines of its stderr. */
export class StartFailure extends Error {
  constructor(
    message: string,
    readonly stderr: readonly string[] = [],
    options?: ErrorOptions,
  ) {
    super(message, options);
  }
}

/** Starts (stdio) or reaches (HTTP) one server and completes the MCP handshake. */
export async function connect(server: ServerConfig, options: ConnectOptions): Promise<Connection> {
  if (server.kind === "stdio") {
    const child = startStdio(server, options.env, options.onLog);
    const client = new Client({ name: "langchain-mini", version });
    try {
      await handshake(client, child.transport, options.timeoutMs, () => child.stop(client));
    } catch (error) {
      const reason = error instanceof StartFailure ? error : child.explain(error);
      throw new StartFailure(reason.message, child.stderrTail(), { cause: error });
    }
    return {
      client,
      transport: "stdio",
      pid: child.pid,
      stderrTail: child.stderrTail,
      close: () => child.stop(client),
    };
  }
  if (server.transport === "sse") {
    return connectHttp(sseTransport(server, options), "sse", options);
  }
  try {
    return await connectHttp(streamableTransport(server, options), "streamable-http", options);
  } catch (error) {
    // Servers of the 2024 protocol answer a POST with 4xx and speak SSE instead.
    const status = error instanceof SdkHttpError ? error.status : undefined;
    if (server.transport === "auto" && status !== undefined && status >= 400 && status < 500) {
      return connectHttp(sseTransport(server, options), "sse", options);
    }
    throw error;
  }
}

async function connectHttp(transport: Transport, kind: string, options: ConnectOptions) {
  const client = new Client({ name: "langchain-mini", version });
  await handshake(client, transport, options.timeoutMs, () => client.close());
  const connection: Connection = {
    client,
    transport: kind,
    pid: () => undefined,
    stderrTail: () => [],
    close: () => client.close(),
  };
  return connection;
}

async function handshake(
  client: Client,
  transport: Transport,
  timeoutMs: number,
  close: () => Promise<void>,
) {
  try {
    await client.connect(transport, { timeout: timeoutMs });
  } catch (error) {
    await close().catch(() => undefined);
    if (error instanceof SdkError && error.code === SdkErrorCode.RequestTimeout) {
      throw new StartFailure(`it did not answer within ${seconds(timeoutMs)}`, [], {
        cause: error,
      });
    }
    throw error;
  }
}

// Every message an HTTP server sends is read within MAX_MESSAGE, event streams included.
function streamableTransport(server: HttpServer, options: ConnectOptions) {
  return new StreamableHTTPClientTransport(server.url, {
    requestInit: { headers: server.headers },
    fetch: boundedFetch(new SentRequests(), options.onLog),
  });
}

/** The older transport: the event stream (its replies) and the POSTs share one `fetch`. */
function sseTransport(server: HttpServer, options: ConnectOptions) {
  return new SSEClientTransport(server.url, {
    requestInit: { headers: server.headers },
    fetch: boundedFetch(new SentRequests(), options.onLog),
  });
}

export function seconds(ms: number) {
  return ms % 1000 === 0 ? `${ms / 1000} s` : `${(ms / 1000).toFixed(1)} s`;
}
