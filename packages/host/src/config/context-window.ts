import { DEFAULT_CONTEXT_WINDOW, type Llm } from "@langchain-mini/core";
import type { OnceNotice } from "./notice-memory.js";
import { isContextWindow } from "./prices.js";

/**
 * The LLM with the window its runs keep inside: `--context-window`, else the user's
 * (`contextWindow` in prices.json), else its own when that is a whole number of tokens;
 * none when nobody knows it. Unchanged when that is its own.
 */
export function sizedLlm(
  llm: Llm,
  flag: number | undefined,
  user: ReadonlyMap<string, number>,
): Llm {
  const own = isContextWindow(llm.contextWindow) ? llm.contextWindow : undefined;
  const window = flag ?? user.get(`${llm.provider}:${llm.model}`) ?? own;
  if (window === llm.contextWindow) return llm;
  // Requests go straight to the model's own stream: no layer per streamed token.
  return {
    provider: llm.provider,
    model: llm.model,
    ...(llm.capabilities ? { capabilities: llm.capabilities } : {}),
    ...(llm.price ? { price: llm.price } : {}),
    ...(window === undefined ? {} : { contextWindow: window }),
    stream: (request) => llm.stream(request),
  };
}

/**
 * A model whose window nobody stated: said once per model (see `noticesToShow`), since
 * runs then assume core's default. Never for a scripted model, whose replies come from a
 * file whatever the prompt's length: no window of its own can be wrong (the default still
 * bounds the prompts its runs build).
 */
export function windowNotice(llm: Llm): OnceNotice | undefined {
  if (llm.provider === "script") return undefined;
  const label = `${llm.provider}:${llm.model}`;
  const unknown = llm.contextWindow === undefined;
  return {
    key: `context-window:${label}`,
    text: unknown
      ? `${label}'s context window is not known: assuming ${DEFAULT_CONTEXT_WINDOW.toLocaleString("en-US")} tokens; set it with --context-window or prices.json`
      : undefined,
  };
}
