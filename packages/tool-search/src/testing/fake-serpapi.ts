import { createServer } from "node:http";
import type { AddressInfo } from "node:net";

export interface FakeSearchReply {
  readonly status?: number;
  /** An object is sent as JSON; a string as it is. */
  readonly body: unknown;
  readonly delayMs?: number;
}

/**
 * For tests (ours and yours): a SerpApi stand-in on 127.0.0.1. Replies are chosen by the
 * `q` parameter, with `fallback` for any other query; a list is replied in turn, its last
 * reply repeated. Every request's parameters are recorded. Point the tool at it with
 * SERPAPI_BASE_URL (or the baseURL option).
 */
export async function startFakeSerpApi(
  replies: Readonly<Record<string, FakeSearchReply | readonly FakeSearchReply[]>>,
  fallback: FakeSearchReply = { body: { organic_results: [] } },
) {
  const requests: Array<Record<string, string>> = [];
  const asked = new Map<string, number>();
  const server = createServer((request, response) => {
    const url = new URL(request.url ?? "/", "http://localhost");
    const parameters = Object.fromEntries(url.searchParams);
    requests.push(parameters);
    const query = parameters.q ?? "";
    const turn = asked.get(query) ?? 0;
    asked.set(query, turn + 1);
    const planned = Object.hasOwn(replies, query) ? replies[query] : undefined;
    const reply =
      (Array.isArray(planned) ? planned[Math.min(turn, planned.length - 1)] : planned) ?? fallback;
    const send = () => {
      if (response.destroyed) return;
      const json = typeof reply.body !== "string";
      response.writeHead(reply.status ?? 200, {
        "content-type": json ? "application/json" : "text/html",
      });
      response.end(json ? JSON.stringify(reply.body) : reply.body);
    };
    if (reply.delayMs) setTimeout(send, reply.delayMs);
    else send();
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseURL: `http://127.0.0.1:${port}`,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
