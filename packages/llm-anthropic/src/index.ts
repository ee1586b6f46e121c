export { AnthropicLlm } from "./anthropic-llm.js";
export {
  availability,
  capabilities,
  createLlm,
  defaultModel,
  description,
  environment,
  prices,
} from "./plugin.js";
export { contextWindows } from "./prices.js";
export {
  type AnthropicOptions,
  type AnthropicSettings,
  DEFAULT_MAX_TOKENS,
  DEFAULT_MODEL,
  DEFAULT_TIMEOUT_MS,
  resolveSettings,
} from "./settings.js";
