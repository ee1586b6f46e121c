import { createServer } from "node:http";
import type { AddressInfo } from "node:net";

export interface FakeComment {
  readonly text: string | null;
  readonly children?: readonly FakeComment[];
}

export interface FakeHackerNewsOptions {
  readonly hits?: readonly Record<string, unknown>[];
  /** Item id → its children (comments), in Algolia's order (by date). */
  readonly items?: Readonly<Record<string, readonly FakeComment[]>>;
  /** Every reply gets this status and body instead. */
  readonly status?: number;
  /** Items (comment trees) alone fail with this status. */
  readonly itemsStatus?: number;
  readonly body?: string;
  readonly delayMs?: number;
  /** The search reply never ends: JSON hits streamed until the client goes away. */
  readonly endless?: boolean;
}

/** For tests: the two Algolia Hacker News endpoints the tool uses, on 127.0.0.1. */
export async function startFakeHackerNews(options: FakeHackerNewsOptions) {
  const requests: string[] = [];
  const seen = { endlessBytes: 0, endlessClosed: false };
  const server = createServer((request, response) => {
    requests.push(request.url ?? "");
    const send = () => {
      if (response.destroyed) return;
      if (options.endless) {
        response.writeHead(200, { "content-type": "application/json" });
        response.write('{"hits":[');
        const chunk = `${JSON.stringify({ objectID: "1", title: "x".repeat(1000) })},`.repeat(64);
        const pump = () => {
          while (!response.destroyed && response.write(chunk)) seen.endlessBytes += chunk.length;
        };
        response.on("drain", pump);
        response.on("close", () => {
          seen.endlessClosed = true;
        });
        pump();
        return;
      }
      if (options.status || options.body !== undefined) {
        response.writeHead(options.status ?? 200, { "content-type": "text/plain" });
        response.end(options.body ?? "error");
        return;
      }
      const url = new URL(request.url ?? "/", "http://localhost");
      const item = /^\/api\/v1\/items\/(.+)$/.exec(url.pathname)?.[1];
      if (item && options.itemsStatus) {
        response.writeHead(options.itemsStatus, { "content-type": "text/plain" });
        response.end("error");
        return;
      }
      const payload = item
        ? { id: item, children: options.items?.[item] ?? [] }
        : { hits: options.hits ?? [] };
      response.writeHead(200, { "content-type": "application/json" });
      response.end(JSON.stringify(payload));
    };
    if (options.delayMs) setTimeout(send, options.delayMs);
    else send();
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseURL: `http://127.0.0.1:${port}`,
    requests,
    /** What an endless reply sent, and whether the client closed it. */
    seen,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
