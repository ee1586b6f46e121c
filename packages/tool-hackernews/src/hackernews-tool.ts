import type { Tool } from "@langchain-mini/core";

export const HACKERNEWS_DESCRIPTION =
  "search Hacker News. useful for when you need to know what developers are discussing about a technology, product or event. input should be a search query.";

export interface HackerNewsOptions {
  /** The Algolia Hacker News API; default HACKERNEWS_BASE_URL, else https://hn.algolia.com. */
  readonly baseURL?: string;
  /** How many stories; default 3. */
  readonly stories?: number;
  /** Default 10 s; the run's AbortSignal can end a search sooner. */
  readonly timeoutMs?: number;
  /** Longest observation, in characters; default 1,000. */
  readonly maxLength?: number;
  readonly env?: Readonly<Record<string, string | undefined>>;
}

interface Hit {
  readonly objectID?: string;
  readonly title?: string;
  readonly url?: string | null;
  readonly points?: number;
}

/**
 * Seed 003's Hacker News search: the top stories for a query with their points, link and
 * one top comment each, bounded like web search. Needs no key.
 */
export function createHackerNewsTool(options: HackerNewsOptions = {}): Tool {
  const env = options.env ?? process.env;
  const base = (options.baseURL ?? (env.HACKERNEWS_BASE_URL || "https://hn.algolia.com")).replace(
    /\/$/,
    "",
  );
  const timeoutMs = options.timeoutMs ?? 10_000;
  const maxLength = options.maxLength ?? 1_000;
  const count = options.stories ?? 3;

  return {
    name: "hackernews",
    description: HACKERNEWS_DESCRIPTION,
    timeoutMs: timeoutMs * 2 + 1_000,
    async execute(input, { signal }) {
      const query = input.trim();
      if (!query) return "The search query is empty: give a search query as the Action Input.";
      const fetchJson = (path: string) => getJson(`${base}${path}`, signal, timeoutMs);
      const found = await fetchJson(
        `/api/v1/search?tags=story&hitsPerPage=${count}&query=${encodeURIComponent(query)}`,
      );
      const hits = (
        Array.isArray((found as { hits?: unknown }).hits) ? (found as { hits: Hit[] }).hits : []
      ).slice(0, count);
      if (hits.length === 0) return `No Hacker News stories found for ${query}`;
      const comments = await Promise.all(hits.map((hit) => topComment(hit, fetchJson)));
      const lines = hits.map((hit, index) => {
        const link = hit.url || `https://news.ycombinator.com/item?id=${hit.objectID ?? ""}`;
        const comment = comments[index] ? `\n   Top comment: ${comments[index]}` : "";
        return `${index + 1}. ${hit.title ?? "(untitled)"} (${hit.points ?? 0} points) ${link}${comment}`;
      });
      const text = lines.join("\n");
      return text.length <= maxLength ? text : `${text.slice(0, maxLength - 1).trimEnd()}…`;
    },
  };
}

async function topComment(hit: Hit, fetchJson: (path: string) => Promise<unknown>) {
  if (!hit.objectID) return "";
  try {
    const item = (await fetchJson(`/api/v1/items/${encodeURIComponent(hit.objectID)}`)) as {
      children?: Array<{ text?: string | null }>;
    };
    const first = item.children?.find((child) => child.text);
    return first?.text ? plainText(first.text).slice(0, 200) : "";
  } catch {
    // A story without its comment is still worth reporting.
    return "";
  }
}

async function getJson(url: string, signal: AbortSignal, timeoutMs: number): Promise<unknown> {
  let response: Response;
  try {
    response = await fetch(url, {
      signal: AbortSignal.any([signal, AbortSignal.timeout(timeoutMs)]),
    });
  } catch (error) {
    if (signal.aborted) throw new Error("the search was cancelled");
    if ((error as Error).name === "TimeoutError") {
      throw new Error(
        `no answer from Hacker News search within ${timeoutMs / 1000} s: answer without it`,
      );
    }
    throw new Error("cannot reach Hacker News search: answer without it");
  }
  if (!response.ok) {
    throw new Error(
      `Hacker News search answered ${response.status}: try again later or answer without it`,
    );
  }
  try {
    return await response.json();
  } catch {
    throw new Error("Hacker News search sent a reply that is not JSON: answer without it");
  }
}

/** Comments arrive as HTML. */
function plainText(html: string) {
  return html
    .replace(/<p>/g, " ")
    .replace(/<[^>]*>/g, "")
    .replace(/&#x27;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&gt;/g, ">")
    .replace(/&lt;/g, "<")
    .replace(/&#x2F;/g, "/")
    .replace(/&amp;/g, "&")
    .replace(/\s+/g, " ")
    .trim();
}
