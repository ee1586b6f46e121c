import {
  type Availability,
  type CreateLlmOptions,
  type EnvVariable,
  LangchainMiniError,
  type PluginEnv,
} from "@langchain-mini/core";
import { awayFromOwnApi, DEFAULT_MODEL, MISSING_KEY_VARIABLE } from "./settings.js";

// The plug-in contract of @langchain-mini/core: what a host knows before calling createLlm.
// Hosts import this module (`@langchain-mini/llm-openai/plugin`) to learn about the
// provider; the SDK loads only when an LLM is made.

export const description = "OpenAI, or any server that speaks its chat completions API";

export const defaultModel = DEFAULT_MODEL;

export { capabilities } from "./capabilities.js";

export { prices } from "./prices.js";

export const environment: readonly EnvVariable[] = [
  {
    name: "OPENAI_API_KEY",
    description: "OpenAI (OPENAI_MODEL picks the model)",
    secret: true,
    enables: true,
    example: "sk-…",
  },
  {
    name: "OPENAI_BASE_URL",
    description: "a local server such as Ollama (no key needed)",
    enables: true,
    example: "http://localhost:11434/v1",
  },
  { name: "OPENAI_MODEL", description: `the model (default ${DEFAULT_MODEL})` },
  { name: "OPENAI_TIMEOUT_MS", description: "give up on a server silent this long" },
  { name: "OPENAI_LOG", description: "the SDK's own log level, on stderr" },
];

/** A key, or a base URL of a server other than OpenAI's, which may need none. */
export function availability(env: PluginEnv): Availability {
  if (env.OPENAI_API_KEY?.trim() || awayFromOwnApi(env.OPENAI_BASE_URL)) return { available: true };
  return { available: false, reason: MISSING_KEY_VARIABLE };
}

export async function createLlm(options: CreateLlmOptions) {
  const verdict = availability(options.env);
  if (!verdict.available) throw new LangchainMiniError("config_invalid", verdict.reason);
  const { OpenAiLlm } = await import("./openai-llm.js");
  return new OpenAiLlm({ model: options.model || undefined, env: options.env });
}
