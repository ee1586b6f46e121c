import { LangchainMiniError, type Tool } from "@langchain-mini/core";
import { fetchJson } from "./fetch-json.js";
import { type CommentNode, formatStory, type Hit, topComment } from "./format-story.js";

export const HACKERNEWS_DESCRIPTION =
  "search Hacker News. useful for when you need to know what developers are discussing about a technology, product or event. input should be a search query.";

export interface HackerNewsOptions {
  /** The Algolia Hacker News API; default HACKERNEWS_BASE_URL, else https://hn.algolia.com. */
  readonly baseURL?: string;
  /** How many stories, 1 to 10; default 3. */
  readonly stories?: number;
  /** Per request; default 10 s. The run's AbortSignal can end a search sooner. */
  readonly timeoutMs?: number;
  /** Longest observation, in characters; default 1,000. */
  readonly maxLength?: number;
  /** Where HACKERNEWS_BASE_URL is read; default process.env. */
  readonly env?: Readonly<Record<string, string | undefined>>;
}

/**
 * Seed 003's Hacker News search: the top stories for a query with their points, link and
 * one top comment each, bounded like web search. Needs no key. Answers are kept for the
 * session, so asking again costs nothing.
 */
export function createHackerNewsTool(options: HackerNewsOptions = {}): Tool {
  const base = baseURL(options);
  const timeoutMs = checked("timeoutMs", options.timeoutMs ?? 10_000, 1, Number.MAX_SAFE_INTEGER);
  const maxLength = checked("maxLength", options.maxLength ?? 1_000, 20, Number.MAX_SAFE_INTEGER);
  const count = checked("stories", options.stories ?? 3, 1, 10);
  const cache = new Map<string, string>();

  const search = async (query: string, signal: AbortSignal) => {
    const get = (path: string) => fetchJson(`${base}${path}`, signal, timeoutMs);
    const found = (await get(
      `/api/v1/search?tags=story&hitsPerPage=${count}&query=${encodeURIComponent(query)}`,
    )) as { hits?: unknown };
    const hits = (Array.isArray(found?.hits) ? (found.hits as Hit[]) : []).slice(0, count);
    if (hits.length === 0) return `No Hacker News stories found for ${query}`;
    const comments = await Promise.all(hits.map((hit) => commentFor(hit, get)));
    const text = hits.map((hit, index) => formatStory(hit, index + 1, comments[index] ?? ""));
    const joined = text.join("\n");
    return joined.length <= maxLength ? joined : `${joined.slice(0, maxLength - 1).trimEnd()}…`;
  };

  return {
    name: "hackernews",
    description: HACKERNEWS_DESCRIPTION,
    // The stories, then their comments: two requests in a row, each with its own timeout.
    timeoutMs: timeoutMs * 2 + 1_000,
    async execute(input, { signal }) {
      const query = input.trim().replace(/\s+/g, " ");
      if (!query) return "The search query is empty: give a search query as the Action Input.";
      const key = query.toLowerCase();
      const cached = cache.get(key);
      if (cached !== undefined) return cached;
      const answer = await search(query, signal);
      if (cache.size >= 100) cache.delete(cache.keys().next().value as string);
      cache.set(key, answer);
      return answer;
    },
  };
}

async function commentFor(hit: Hit, get: (path: string) => Promise<unknown>) {
  if (!hit.objectID) return "";
  try {
    const item = (await get(`/api/v1/items/${encodeURIComponent(hit.objectID)}`)) as {
      children?: unknown;
    };
    return Array.isArray(item?.children) ? topComment(item.children as CommentNode[]) : "";
  } catch (error) {
    // A story without its comment is still worth reporting; a cancelled run is not.
    if ((error as { code?: unknown }).code === "aborted") throw error;
    return "";
  }
}

function baseURL(options: HackerNewsOptions) {
  const name = options.baseURL === undefined ? "HACKERNEWS_BASE_URL" : "The Hacker News baseURL";
  const env = options.env ?? process.env;
  const value = (options.baseURL ?? env.HACKERNEWS_BASE_URL ?? "").trim();
  if (!value) return "https://hn.algolia.com";
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw invalid(
      `${name} is not a URL ('${value}'): give one like https://hn.algolia.com, or unset it`,
    );
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") {
    throw invalid(`${name} must start with http:// or https:// ('${value}')`);
  }
  return `${url.origin}${url.pathname}`.replace(/\/+$/, "");
}

function checked(name: string, value: number, lowest: number, highest: number) {
  if (Number.isInteger(value) && value >= lowest && value <= highest) return value;
  const range =
    highest === Number.MAX_SAFE_INTEGER ? `from ${lowest}` : `from ${lowest} to ${highest}`;
  throw invalid(`The Hacker News ${name} must be a whole number ${range}, not ${value}`);
}

function invalid(message: string) {
  return new LangchainMiniError("config_invalid", message);
}
