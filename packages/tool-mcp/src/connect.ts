import { createRequire } from "node:module";
import {
  Client,
  SdkError,
  SdkErrorCode,
  SdkHttpError,
  SSEClientTransport,
  StreamableHTTPClientTransport,
  type Transport,
} from "@modelcontextprotocol/client";
import type { HttpServer, ServerConfig } from "./config.js";
import { startStdio } from "./stdio-server.js";

const { version } = createRequire(import.meta.url)("../package.json") as { version: string };

/** One connected server. */
export interface Connection {
  readonly client: Client;
  /** How it was reached: `stdio`, `streamable-http` or `sse`. */
  readonly transport: string;
  /** The child process of a stdio server, while it runs. */
  readonly pid: () => number | undefined;
  close(): Promise<void>;
}

export interface ConnectOptions {
  readonly timeoutMs: number;
  /** A line the server wrote to its stderr. */
  readonly onLog: (line: string) => void;
}

/** Starts (stdio) or reaches (HTTP) one server and completes the MCP handshake. */
export async function connect(server: ServerConfig, options: ConnectOptions): Promise<Connection> {
  if (server.kind === "stdio") {
    const child = startStdio(server, options.onLog);
    const client = new Client({ name: "langchain-mini", version });
    try {
      await handshake(client, child.transport, options.timeoutMs, () => child.stop(client));
    } catch (error) {
      throw child.explain(error);
    }
    return { client, transport: "stdio", pid: child.pid, close: () => child.stop(client) };
  }
  if (server.transport === "sse") return connectHttp(sseTransport(server), "sse", options);
  try {
    return await connectHttp(streamableTransport(server), "streamable-http", options);
  } catch (error) {
    // Servers of the 2024 protocol answer a POST with 4xx and speak SSE instead.
    const status = error instanceof SdkHttpError ? error.status : undefined;
    if (server.transport === "auto" && status !== undefined && status >= 400 && status < 500) {
      return connectHttp(sseTransport(server), "sse", options);
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
      throw new Error(`it did not answer within ${seconds(timeoutMs)}`);
    }
    throw error;
  }
}

function streamableTransport(server: HttpServer) {
  return new StreamableHTTPClientTransport(server.url, {
    requestInit: { headers: server.headers },
  });
}

function sseTransport(server: HttpServer) {
  const headers = server.headers;
  return new SSEClientTransport(server.url, {
    requestInit: { headers },
    // The event stream is opened with its own fetch: it needs the headers too.
    eventSourceInit: {
      fetch: (url, init) =>
        fetch(url, {
          ...init,
          headers: { ...(init?.headers as Record<string, string>), ...headers },
        }),
    },
  });
}

export function seconds(ms: number) {
  return ms % 1000 === 0 ? `${ms / 1000} s` : `${(ms / 1000).toFixed(1)} s`;
}
