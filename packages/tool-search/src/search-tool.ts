import { LangchainMiniError, type Tool } from "@langchain-mini/core";
import { getJson } from "serpapi";
import { extractAnswer } from "./extract-answer.js";
import { agentFor } from "./local-agent.js";

export const SEARCH_DESCRIPTION =
  "a search engine. useful for when you need to answer questions about current events. input should be a search query.";

export interface SearchOptions {
  /** Default: SERPAPI_API_KEY. */
  readonly apiKey?: string;
  /** Send requests to a proxy or a local fake instead of serpapi.com; default SERPAPI_BASE_URL. */
  readonly baseURL?: string;
  /** Default 10 s; the run's AbortSignal can end a search sooner. */
  readonly timeoutMs?: number;
  /** Longest observation, in characters; default 1,000. */
  readonly maxLength?: number;
  /** SerpApi engine; default "google". */
  readonly engine?: string;
  /** Interface language and country, e.g. "en" and "us". */
  readonly hl?: string;
  readonly gl?: string;
  readonly env?: Readonly<Record<string, string | undefined>>;
}

/** Why search cannot be offered, or undefined when it can. */
export function searchUnavailable(env: Readonly<Record<string, string | undefined>> = process.env) {
  return env.SERPAPI_API_KEY
    ? undefined
    : "SERPAPI_API_KEY is not set, so web search is left out: set it in the environment or .env to enable the search tool";
}

/**
 * The `search` tool of the seeds on the official serpapi package. The same query twice
 * in one session is answered from a small cache; failures become errors whose messages
 * tell the model (and the user, in the trace) what happened.
 */
export function createSearchTool(options: SearchOptions = {}): Tool {
  const env = options.env ?? process.env;
  const apiKey = options.apiKey ?? env.SERPAPI_API_KEY;
  if (!apiKey) throw new LangchainMiniError("config_invalid", searchUnavailable({}) ?? "");
  const baseURL = options.baseURL ?? (env.SERPAPI_BASE_URL || undefined);
  const agent = baseURL ? agentFor(baseURL) : undefined;
  const timeoutMs = options.timeoutMs ?? 10_000;
  const maxLength = options.maxLength ?? 1_000;
  const cache = new Map<string, string>();

  return {
    name: "search",
    description: SEARCH_DESCRIPTION,
    timeoutMs: timeoutMs + 1_000,
    async execute(input, { signal }) {
      const query = input.trim();
      if (!query) return "The search query is empty: give a search query as the Action Input.";
      const cached = cache.get(query);
      if (cached !== undefined) return cached;
      let reply: Record<string, unknown>;
      try {
        reply = (await getJson({
          engine: options.engine ?? "google",
          q: query,
          api_key: apiKey,
          hl: options.hl,
          gl: options.gl,
          timeout: timeoutMs,
          requestOptions: { agent, signal },
        })) as Record<string, unknown>;
      } catch (error) {
        throw explain(error, timeoutMs, signal);
      }
      const answer =
        typeof reply.error === "string"
          ? `No results for ${query}`
          : extractAnswer(reply, maxLength);
      if (cache.size >= 100) cache.delete(cache.keys().next().value as string);
      cache.set(query, answer);
      return answer;
    },
  };
}

/** The serpapi package rejects with raw body strings; turn them into sentences. */
function explain(error: unknown, timeoutMs: number, signal: AbortSignal): Error {
  if (signal.aborted) return new Error("the search was cancelled");
  if (typeof error === "string") {
    const message = serverMessage(error);
    if (/invalid api key/i.test(message)) {
      return new Error(
        "SerpApi rejected the API key (401): answer without searching; the user should check SERPAPI_API_KEY",
      );
    }
    if (/run out of searches|searches.*limit|too many/i.test(message)) {
      return new Error(
        "the SerpApi account has run out of searches (429): answer without searching",
      );
    }
    return new Error(
      `SerpApi answered with an error${message ? ` (${message})` : ""}: try again later or answer without searching`,
    );
  }
  // The package does not export RequestTimeoutError; its class name and message are stable.
  if (
    error instanceof Error &&
    (error.constructor.name === "RequestTimeoutError" || /timed out/i.test(error.message))
  ) {
    return new Error(
      `no answer from SerpApi within ${timeoutMs / 1000} s: try a shorter query or answer without searching`,
    );
  }
  if (error instanceof SyntaxError)
    return new Error("SerpApi sent a reply that is not JSON: answer without searching");
  const code = (error as { code?: unknown } | undefined)?.code;
  return new Error(
    `cannot reach SerpApi${typeof code === "string" ? ` (${code})` : ""}: answer without searching`,
  );
}

function serverMessage(body: string) {
  try {
    const parsed = JSON.parse(body) as { error?: unknown };
    if (typeof parsed.error === "string") return parsed.error.slice(0, 200);
  } catch {
    // Not JSON: an HTML error page or a proxy's text.
  }
  return body
    .replace(/<[^>]*>/g, " ")
    .replace(/\s+/g, " ")
    .trim()
    .slice(0, 120);
}
