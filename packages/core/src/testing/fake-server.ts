import { createServer, type IncomingHttpHeaders, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

/** One request a fake server received, and what it saw of its reply. */
export interface FakeRequest {
  /** Its number on this server, from 0. */
  readonly index: number;
  readonly method: string;
  /** The path and query as sent, e.g. `/v1/chat/completions?alt=sse`. */
  readonly path: string;
  readonly headers: IncomingHttpHeaders;
  /** The body, as text. */
  readonly body: string;
  /** `performance.now()` when it arrived. */
  readonly receivedAt: number;
  /** True once the client closed the connection before the reply was complete. */
  readonly closedEarly: boolean;
  /** Pieces (events, chunks, lines) written to a streamed reply so far. */
  readonly piecesSent: number;
}

export type FakeHeaders = Readonly<Record<string, string>>;

/** A reply being streamed. Every call is a no-op once the client has gone. */
export interface FakeStream {
  /** Writes one piece; false (and nothing written) when the client has gone. */
  write(piece: string | Uint8Array): boolean;
  end(last?: string): void;
  /** Writes `piece` again and again, as fast as the client reads, until it goes away. */
  flood(piece: string): void;
  /**
   * Breaks the connection mid-reply, once what was written had time to reach the client
   * (`wait` ms, 30 by default, or until a promise settles): clients drop what they have
   * received but not yet read when a connection breaks.
   */
  drop(wait?: number | Promise<unknown>): Promise<void>;
}

/** How a handler answers one request. Every call is a no-op once the client has gone. */
export interface FakeResponder {
  json(status: number, payload: unknown, headers?: FakeHeaders): void;
  send(status: number, body: string | Uint8Array, headers?: FakeHeaders): void;
  stream(headers: FakeHeaders, status?: number): FakeStream;
}

export type FakeHandler = (request: FakeRequest, reply: FakeResponder) => unknown;

export interface FakeServer {
  /** `http://127.0.0.1:<port>`. */
  readonly url: string;
  /** Every request, in order. */
  readonly requests: readonly FakeRequest[];
  /** Ends every open connection and stops listening. */
  close(): Promise<void>;
}

/**
 * For tests (ours and yours): a node:http server on 127.0.0.1 (port 0 unless given) that
 * reads each request whole, records it, and lets `handle` answer with JSON, a body, or a
 * stream that can be slowed, flooded or broken off; a handler that does nothing leaves
 * the request hanging. Every fake provider and tool server of langchain-mini is this plus
 * its wire format.
 */
export async function startFakeServer(
  handle: FakeHandler,
  options: { readonly port?: number } = {},
): Promise<FakeServer> {
  const requests: FakeRequest[] = [];
  const server = createServer(async (incoming, response) => {
    let body = "";
    incoming.setEncoding("utf8");
    for await (const chunk of incoming) body += chunk;
    const request = {
      index: requests.length,
      method: incoming.method ?? "GET",
      path: incoming.url ?? "/",
      headers: incoming.headers,
      body,
      receivedAt: performance.now(),
      closedEarly: false,
      piecesSent: 0,
    };
    requests.push(request);
    response.on("close", () => {
      if (!response.writableFinished) request.closedEarly = true;
    });
    await handle(request, responder(response, request));
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

function responder(response: ServerResponse, request: { piecesSent: number }): FakeResponder {
  const send = (status: number, body: string | Uint8Array, headers: FakeHeaders = {}) => {
    if (response.destroyed) return;
    response.writeHead(status, headers);
    response.end(body);
  };
  const stream: FakeStream = {
    write(piece) {
      if (response.destroyed) return false;
      response.write(piece);
      request.piecesSent++;
      return true;
    },
    end: (last) => {
      if (!response.destroyed) response.end(last);
    },
    flood(piece) {
      const pump = () => {
        while (!response.destroyed && response.write(piece)) request.piecesSent++;
      };
      response.on("drain", pump);
      pump();
    },
    async drop(wait = 30) {
      await (typeof wait === "number" ? pause(wait) : wait);
      response.destroy();
    },
  };
  return {
    json: (status, payload, headers) =>
      send(status, JSON.stringify(payload), { "content-type": "application/json", ...headers }),
    send,
    stream(headers, status = 200) {
      if (!response.destroyed) response.writeHead(status, headers);
      return stream;
    },
  };
}

/** Resolves after `ms`. */
export function pause(ms: number) {
  return new Promise<void>((resolve) => setTimeout(resolve, ms));
}
