import {
  type Availability,
  type CreateLlmOptions,
  type EnvVariable,
  LangchainMiniError,
  type PluginEnv,
} from "@langchain-mini/core";
import { awayFromOwnApi, DEFAULT_MODEL, MISSING_KEY_VARIABLE } from "./settings.js";

// The plug-in contract of @langchain-mini/core: what a host knows before calling createLlm.
// Hosts import this module (`@langchain-mini/llm-anthropic/plugin`) to learn about the
// provider; the SDK loads only when an LLM is made.

export const description = "Anthropic's Claude models, through the Messages API";

export const defaultModel = DEFAULT_MODEL;

export { capabilities } from "./capabilities.js";

export { prices } from "./prices.js";

export const environment: readonly EnvVariable[] = [
  {
    name: "ANTHROPIC_API_KEY",
    description: "Anthropic's Claude (ANTHROPIC_MODEL picks the model)",
    secret: true,
    enables: true,
    example: "sk-ant-…",
  },
  {
    name: "ANTHROPIC_BASE_URL",
    description: "another server that speaks the Messages API (no key needed)",
  },
  { name: "ANTHROPIC_MODEL", description: `the model (default ${DEFAULT_MODEL})` },
  { name: "ANTHROPIC_TIMEOUT_MS", description: "give up on a server silent this long" },
  { name: "ANTHROPIC_LOG", description: "the SDK's own log level, on stderr" },
];

/** A key, or a base URL of a server other than Anthropic's, which may need none. */
export function availability(env: PluginEnv): Availability {
  if (env.ANTHROPIC_API_KEY?.trim() || awayFromOwnApi(env.ANTHROPIC_BASE_URL)) {
    return { available: true };
  }
  return { available: false, reason: MISSING_KEY_VARIABLE };
}

export async function createLlm(options: CreateLlmOptions) {
  const verdict = availability(options.env);
  if (!verdict.available) throw new LangchainMiniError("config_invalid", verdict.reason);
  const { AnthropicLlm } = await import("./anthropic-llm.js");
  return new AnthropicLlm({ model: options.model || undefined, env: options.env });
}
