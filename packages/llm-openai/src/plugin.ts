import type { Availability, CreateLlmOptions, EnvVariable, PluginEnv } from "@langchain-mini/core";
import { DEFAULT_MODEL } from "./settings.js";

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

/** Like the SDK itself: a key, or a base URL for a local server that needs none. */
export function availability(env: PluginEnv): Availability {
  if (env.OPENAI_API_KEY || env.OPENAI_BASE_URL) return { available: true };
  return {
    available: false,
    reason:
      "OPENAI_API_KEY is not set: set it in the environment or .env, or set OPENAI_BASE_URL for a local server such as Ollama",
  };
}

export async function createLlm(options: CreateLlmOptions) {
  const { OpenAiLlm } = await import("./openai-llm.js");
  return new OpenAiLlm({ model: options.model || undefined, env: options.env });
}
