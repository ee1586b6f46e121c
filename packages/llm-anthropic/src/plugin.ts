import type { Availability, CreateLlmOptions, EnvVariable, PluginEnv } from "@langchain-mini/core";
import {
  checkAvailable,
  keyOrOtherServer,
  modelAndTimeoutVariables,
  sdkLogVariable,
} from "@langchain-mini/core/provider-kit";
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
  ...modelAndTimeoutVariables("ANTHROPIC", DEFAULT_MODEL),
  sdkLogVariable("ANTHROPIC_LOG"),
];

/** A key, or a base URL of a server other than Anthropic's, which may need none. */
export function availability(env: PluginEnv): Availability {
  return keyOrOtherServer(
    env.ANTHROPIC_API_KEY,
    awayFromOwnApi(env.ANTHROPIC_BASE_URL),
    MISSING_KEY_VARIABLE,
  );
}

export async function createLlm(options: CreateLlmOptions) {
  checkAvailable(availability(options.env));
  const { AnthropicLlm } = await import("./anthropic-llm.js");
  return new AnthropicLlm({ model: options.model || undefined, env: options.env });
}
