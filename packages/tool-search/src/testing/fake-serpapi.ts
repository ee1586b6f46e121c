import { pause, startFakeServer } from "@langchain-mini/core/testing";

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
  const server = await startFakeServer(async (request, reply) => {
    const parameters = Object.fromEntries(new URL(request.path, "http://localhost").searchParams);
    requests.push(parameters);
    const query = parameters.q ?? "";
    const turn = asked.get(query) ?? 0;
    asked.set(query, turn + 1);
    const planned = Object.hasOwn(replies, query) ? replies[query] : undefined;
    const answer =
      (Array.isArray(planned) ? planned[Math.min(turn, planned.length - 1)] : planned) ?? fallback;
    if (answer.delayMs) await pause(answer.delayMs);
    if (typeof answer.body === "string")
      reply.send(answer.status ?? 200, answer.body, { "content-type": "text/html" });
    else reply.json(answer.status ?? 200, answer.body);
  });
  return { baseURL: server.url, requests, close: server.close };
}
