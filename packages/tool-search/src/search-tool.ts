import type { Agent } from "node:https";
import type { Tool } from "@langchain-mini/core";
import { AnswerCache } from "./answer-cache.js";
import { extractAnswer } from "./extract-answer.js";
import { explainFailure } from "./search-failure.js";
import { resolveSearchSettings, type SearchOptions } from "./search-settings.js";

export const SEARCH_DESCRIPTION =
  "a search engine. useful for when you need to answer questions about current events. input should be a search query.";

/**
 * The `search` tool of the seeds on the official serpapi package. Everything is passed
 * per request (key, timeout, agent), never through the package's global `config`, so
 * two tools with different keys or hosts do not affect each other. Failures become
 * errors whose messages tell the model, and the user reading the trace, what happened.
 */
export function createSearchTool(options: SearchOptions = {}): Tool {
  const settings = resolveSearchSettings(options);
  const { apiKey, timeoutMs, maxLength } = settings;
  // serpapi and the agent load Node's HTTPS, TLS and crypto: paid at the first search,
  // not by every run that offers the tool.
  let loaded: Promise<{ getJson: typeof import("serpapi").getJson; agent?: Agent }> | undefined;
  const load = async () => {
    const { getJson } = await import("serpapi");
    const { baseURL } = settings;
    return baseURL
      ? { getJson, agent: (await import("./local-agent.js")).agentFor(baseURL) }
      : { getJson };
  };
  const failure = { apiKey, timeoutMs, host: settings.baseURL?.host ?? "serpapi.com" };
  const cache = new AnswerCache();

  const search = async (query: string, signal: AbortSignal) => {
    let reply: Record<string, unknown>;
    try {
      loaded ??= load();
      const { getJson, agent } = await loaded;
      reply = await getJson({
        ...settings.parameters,
        q: query,
        api_key: apiKey,
        timeout: timeoutMs,
        requestOptions: { agent, signal },
      });
    } catch (error) {
      throw explainFailure(error, failure);
    }
    // A 200 can still carry an error: "Google hasn't returned any results for this query."
    return typeof reply.error === "string"
      ? `No results for ${query}`
      : extractAnswer(reply, maxLength);
  };

  return {
    name: "search",
    description: SEARCH_DESCRIPTION,
    // Past our own timeout, so that ours, with its clearer message, fires first.
    timeoutMs: timeoutMs + 1_000,
    async execute(input, { signal }) {
      const query = input.trim().replace(/\s+/g, " ");
      if (!query) return "The search query is empty: give a search query as the Action Input.";
      return cache.get(query.toLowerCase(), signal, (requestSignal) =>
        search(query, requestSignal),
      );
    },
  };
}
