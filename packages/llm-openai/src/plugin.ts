import type { Availability, CreateLlmOptions, EnvVariable, PluginEnv } from "@langchain-mini/core";
import {
  checkAvailable,
  keyOrOtherServer,
  modelAndTimeoutVariables,
  sdkLogVariable,
} from "@langchain-mini/core/provider-kit";
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
  ...modelAndTimeoutVariables("OPENAI", DEFAULT_MODEL),
  sdkLogVariable("OPENAI_LOG"),
];

/** A key, or a base URL of a server other than OpenAI's, which may need none. */
export function availability(env: PluginEnv): Availability {
  return keyOrOtherServer(
    env.OPENAI_API_KEY,
    awayFromOwnApi(env.OPENAI_BASE_URL),
    MISSING_KEY_VARIABLE,
  );
}

export async function createLlm(options: CreateLlmOptions) {
  checkAvailable(availability(options.env));
  const { OpenAiLlm } = await import("./openai-llm.js");
  return new OpenAiLlm({ model: options.model || undefined, env: options.env });
}
