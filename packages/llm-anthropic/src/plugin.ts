import type { Availability, CreateLlmOptions, EnvVariable, PluginEnv } from "@langchain-mini/core";
import { AnthropicLlm } from "./anthropic-llm.js";
import { DEFAULT_MODEL, MISSING_KEY } from "./settings.js";

// The plug-in contract of @langchain-mini/core: what a host knows before calling createLlm.

export const description = "Anthropic's Claude models, through the Messages API";

export const defaultModel = DEFAULT_MODEL;

export { capabilities } from "./capabilities.js";

export const environment: readonly EnvVariable[] = [
  { name: "ANTHROPIC_API_KEY", description: "the API key", secret: true },
  { name: "ANTHROPIC_BASE_URL", description: "another server that speaks the Messages API" },
  { name: "ANTHROPIC_MODEL", description: `the model (default ${DEFAULT_MODEL})` },
  { name: "ANTHROPIC_TIMEOUT_MS", description: "give up on a server silent this long" },
  { name: "ANTHROPIC_LOG", description: "the SDK's own log level, on stderr" },
];

/** A key, or a base URL for a compatible server that needs none. */
export function availability(env: PluginEnv): Availability {
  if (env.ANTHROPIC_API_KEY || env.ANTHROPIC_BASE_URL) return { available: true };
  return { available: false, reason: MISSING_KEY };
}

export function createLlm(options: CreateLlmOptions) {
  return new AnthropicLlm({ model: options.model || undefined, env: options.env });
}
