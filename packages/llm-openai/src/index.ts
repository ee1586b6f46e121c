export { OpenAiLlm } from "./openai-llm.js";
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
  DEFAULT_MODEL,
  DEFAULT_TIMEOUT_MS,
  type OpenAiOptions,
  type OpenAiSettings,
  resolveSettings,
} from "./settings.js";
