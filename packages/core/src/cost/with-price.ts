import type { Llm } from "../contracts/llm.js";
import type { ModelPrice } from "../contracts/price.js";

/**
 * The same LLM with another price, e.g. the user's own for its model, or none (tokens
 * only). Requests go straight to `llm`'s own stream: no layer per streamed token.
 */
export function withPrice(llm: Llm, price: ModelPrice | undefined): Llm {
  return {
    provider: llm.provider,
    model: llm.model,
    ...(llm.capabilities ? { capabilities: llm.capabilities } : {}),
    ...(price ? { price } : {}),
    ...(llm.contextWindow === undefined ? {} : { contextWindow: llm.contextWindow }),
    stream: (request) => llm.stream(request),
  };
}
