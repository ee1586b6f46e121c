import { pause, startFakeServer } from "@langchain-mini/core/testing";

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

const ENDLESS_PIECE = `${JSON.stringify({ objectID: "1", title: "x".repeat(1000) })},`.repeat(64);

/** For tests: the two Algolia Hacker News endpoints the tool uses, on 127.0.0.1. */
export async function startFakeHackerNews(options: FakeHackerNewsOptions) {
  const server = await startFakeServer(async (request, reply) => {
    if (options.delayMs) await pause(options.delayMs);
    if (options.endless) {
      const stream = reply.stream({ "content-type": "application/json" });
      stream.write('{"hits":[');
      return stream.flood(ENDLESS_PIECE);
    }
    const text = (status: number, body: string) =>
      reply.send(status, body, { "content-type": "text/plain" });
    if (options.status || options.body !== undefined)
      return text(options.status ?? 200, options.body ?? "error");
    const item = /^\/api\/v1\/items\/(.+)$/.exec(
      new URL(request.path, "http://localhost").pathname,
    )?.[1];
    if (item && options.itemsStatus) return text(options.itemsStatus, "error");
    reply.json(
      200,
      item ? { id: item, children: options.items?.[item] ?? [] } : { hits: options.hits ?? [] },
    );
  });
  const endless = () => server.requests.find((request) => request.piecesSent > 0);
  return {
    baseURL: server.url,
    /** The path and query of every request. */
    get requests() {
      return server.requests.map((request) => request.path);
    },
    /** What an endless reply sent, and whether the client closed it. */
    seen: {
      get endlessBytes() {
        return Math.max(0, (endless()?.piecesSent ?? 1) - 1) * ENDLESS_PIECE.length;
      },
      get endlessClosed() {
        return endless()?.closedEarly === true;
      },
    },
    close: server.close,
  };
}
