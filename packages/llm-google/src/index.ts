export { GeminiLlm, MAX_STOP_SEQUENCES } from "./gemini-llm.js";
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
  type GeminiOptions,
  type GeminiSettings,
  resolveSettings,
} from "./settings.js";
