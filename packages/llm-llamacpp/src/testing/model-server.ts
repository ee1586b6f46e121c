import {
  type FakeRequest,
  type FakeResponder,
  pause,
  startFakeServer,
} from "@langchain-mini/core/testing";

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
  const server = await startFakeServer((request, reply) => {
    const path = decodeURIComponent(new URL(request.path, "http://localhost").pathname);
    const { range, authorization } = request.headers;
    requests.push({ method: request.method, path, range, authorization });
    const listing = /^\/api\/models\/([^/]+\/[^/]+)\/revision\/[^/]+$/.exec(path);
    if (listing?.[1]) {
      const files = options.repositories?.[listing[1]];
      if (!files) return notFound(reply);
      const siblings = files.map((rfilename) => ({ rfilename }));
      return reply.json(200, { id: listing[1], siblings });
    }
    const resolved = /^\/([^/]+\/[^/]+)\/resolve\/[^/]+\/(.+)$/.exec(path);
    const body = options.files[resolved ? `/${resolved[1]}/${resolved[2]}` : path];
    if (!body) return notFound(reply);
    return sendFile(request, reply, body);
  });

  async function sendFile(request: FakeRequest, reply: FakeResponder, body: Uint8Array) {
    const range = options.ignoreRanges ? null : /^bytes=(\d+)-$/.exec(request.headers.range ?? "");
    const start = range ? Number(range[1]) : 0;
    if (start >= body.length && body.length > 0)
      return reply.send(416, "", { "content-range": `bytes */${body.length}` });
    const headers = {
      "content-type": "application/octet-stream",
      "accept-ranges": "bytes",
      "content-length": String(body.length - start),
    };
    const stream = range
      ? reply.stream(
          { ...headers, "content-range": `bytes ${start}-${body.length - 1}/${body.length}` },
          206,
        )
      : reply.stream(headers);
    const cut = cutsLeft > 0;
    if (cut) cutsLeft -= 1;
    const end = cut ? Math.min(body.length, start + (options.cutAfter ?? 0)) : body.length;
    const chunk = 16 * 1024;
    for (let offset = start; offset < end; offset += chunk) {
      if (offset + chunk >= end && options.holdLastChunk) await options.holdLastChunk;
      if (!stream.write(body.subarray(offset, Math.min(end, offset + chunk)))) return;
      if (options.chunkDelayMs) await pause(options.chunkDelayMs);
    }
    // Let the client read what was written before the connection drops mid-body: fetch
    // discards bytes it has not yet handed over.
    if (cut) return stream.drop(options.beforeCut?.() ?? 250);
    stream.end();
  }

  return { url: server.url, requests, close: server.close };
}

function notFound(reply: FakeResponder) {
  reply.send(404, "Not found", { "content-type": "text/plain" });
}
