import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

export interface ServedRequest {
  readonly method: string;
  readonly path: string;
  readonly range?: string;
  readonly authorization?: string;
}

export interface ModelServerOptions {
  /** Files by URL path, e.g. `/models/tiny.gguf`. */
  readonly files: Readonly<Record<string, Uint8Array>>;
  /** Hugging Face repositories (`user/repo`) and their file names, for the Hub API. */
  readonly repositories?: Readonly<Record<string, readonly string[]>>;
  /** Break off this many responses (the first ones) after `cutAfter` bytes. */
  readonly cuts?: number;
  readonly cutAfter?: number;
  /**
   * Awaited before a cut connection drops, e.g. until the client reports the bytes it was
   * sent: a client drops what it has received but not yet read when the connection breaks.
   * Without it the server waits 250 ms.
   */
  readonly beforeCut?: () => Promise<void>;
  /** Answer every request in full with 200, as servers without range support do. */
  readonly ignoreRanges?: boolean;
  /** Pause between body chunks, so a test can abort mid-download. */
  readonly chunkDelayMs?: number;
  /** When given, every body's last chunk waits for it: a download stays in progress until then. */
  readonly holdLastChunk?: Promise<unknown>;
}

export interface ModelServer {
  readonly url: string;
  readonly requests: ServedRequest[];
  close(): Promise<void>;
}

/**
 * A local HTTP server that serves model files the way Hugging Face does: range requests,
 * `/api/models/<repo>/revision/<rev>` listings and `/<repo>/resolve/<rev>/<file>` downloads.
 * It can cut connections on purpose, to test resuming.
 */
export async function startModelServer(options: ModelServerOptions): Promise<ModelServer> {
  const requests: ServedRequest[] = [];
  let cutsLeft = options.cuts ?? 0;
  const server = createServer((request, response) => {
    const path = decodeURIComponent(new URL(request.url ?? "/", "http://localhost").pathname);
    requests.push({
      method: request.method ?? "GET",
      path,
      range: request.headers.range,
      authorization: request.headers.authorization,
    });
    const listing = /^\/api\/models\/([^/]+\/[^/]+)\/revision\/[^/]+$/.exec(path);
    if (listing?.[1]) {
      const files = options.repositories?.[listing[1]];
      if (!files) return notFound(response);
      response.writeHead(200, { "content-type": "application/json" });
      response.end(
        JSON.stringify({ id: listing[1], siblings: files.map((rfilename) => ({ rfilename })) }),
      );
      return;
    }
    const resolved = /^\/([^/]+\/[^/]+)\/resolve\/[^/]+\/(.+)$/.exec(path);
    const body = options.files[resolved ? `/${resolved[1]}/${resolved[2]}` : path];
    if (!body) return notFound(response);
    void sendFile(request, response, body);
  });

  async function sendFile(request: IncomingMessage, response: ServerResponse, body: Uint8Array) {
    const range = options.ignoreRanges ? null : /^bytes=(\d+)-$/.exec(request.headers.range ?? "");
    const start = range ? Number(range[1]) : 0;
    if (start >= body.length && body.length > 0) {
      response.writeHead(416, { "content-range": `bytes */${body.length}` });
      response.end();
      return;
    }
    const headers = {
      "content-type": "application/octet-stream",
      "accept-ranges": "bytes",
      "content-length": String(body.length - start),
    };
    if (range) {
      response.writeHead(206, {
        ...headers,
        "content-range": `bytes ${start}-${body.length - 1}/${body.length}`,
      });
    } else response.writeHead(200, headers);
    const cut = cutsLeft > 0;
    if (cut) cutsLeft -= 1;
    const end = cut ? Math.min(body.length, start + (options.cutAfter ?? 0)) : body.length;
    const chunk = 16 * 1024;
    for (let offset = start; offset < end; offset += chunk) {
      if (offset + chunk >= end && options.holdLastChunk) await options.holdLastChunk;
      if (response.destroyed) return;
      response.write(body.subarray(offset, Math.min(end, offset + chunk)));
      if (options.chunkDelayMs)
        await new Promise((resolve) => setTimeout(resolve, options.chunkDelayMs));
    }
    if (cut) {
      // Let the client read what was written before the connection drops mid-body: fetch
      // discards bytes it has not yet handed over.
      await (options.beforeCut?.() ?? new Promise((resolve) => setTimeout(resolve, 250)));
      response.destroy();
      return;
    }
    response.end();
  }

  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
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

function notFound(response: ServerResponse) {
  response.writeHead(404, { "content-type": "text/plain" });
  response.end("Not found");
}
