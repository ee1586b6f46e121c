import type { Availability, CreateLlmOptions, EnvVariable, PluginEnv } from "@langchain-mini/core";
import {
  checkAvailable,
  keyOrOtherServer,
  modelAndTimeoutVariables,
} from "@langchain-mini/core/provider-kit";
import { awayFromOwnApi, baseURLSetting, DEFAULT_MODEL, MISSING_KEY_VARIABLE } from "./settings.js";

// The plug-in contract of @langchain-mini/core: what a host knows before calling createLlm.
// Hosts import this module (`@langchain-mini/llm-google/plugin`) to learn about the
// provider; the SDK loads only when an LLM is made.

export const description = "Google's Gemini API";

export const defaultModel = DEFAULT_MODEL;

export { capabilities } from "./capabilities.js";

export { prices } from "./prices.js";

export const environment: readonly EnvVariable[] = [
  {
    name: "GEMINI_API_KEY",
    description: "Google Gemini (GEMINI_MODEL picks the model)",
    secret: true,
    enables: true,
    example: "AIza…",
  },
  {
    name: "GOOGLE_API_KEY",
    description: "the Gemini API key too (wins over GEMINI_API_KEY)",
    secret: true,
  },
  {
    name: "GOOGLE_GEMINI_BASE_URL",
    description: "another server that speaks the Gemini API (no key needed)",
  },
  { name: "GEMINI_BASE_URL", description: "the same; GOOGLE_GEMINI_BASE_URL wins" },
  ...modelAndTimeoutVariables("GEMINI", DEFAULT_MODEL),
  { name: "GOOGLE_GENAI_API_VERSION", description: "the API version, e.g. v1beta" },
];

/** Either key, as for the SDK, or a base URL of a server other than Google's, which may need none. */
export function availability(env: PluginEnv): Availability {
  return keyOrOtherServer(
    env.GOOGLE_API_KEY?.trim() || env.GEMINI_API_KEY,
    awayFromOwnApi(baseURLSetting({}, env)?.value),
    MISSING_KEY_VARIABLE,
  );
}

export async function createLlm(options: CreateLlmOptions) {
  checkAvailable(availability(options.env));
  const { GeminiLlm } = await import("./gemini-llm.js");
  return new GeminiLlm({ model: options.model || undefined, env: options.env });
}
