import type {
  Availability,
  CreateLlmOptions,
  EnvVariable,
  Llm,
  LlmCapabilities,
  PluginEnv,
} from "@langchain-mini/core";
import { LangchainMiniError } from "@langchain-mini/core";
import { chat } from "./chat.js";
import { generate } from "./generate.js";

// The plug-in contract of @langchain-mini/core: what a host reads before calling createLlm.

export const description = "Ollama's native API: prompts, chat messages and tool calls";

/** For `--llm langchain-mini-llm-ollama` with no `:<model>`. */
export const defaultModel = "llama3.2";

/** Prompts go to /api/generate; messages and tool definitions to /api/chat. */
export const capabilities: LlmCapabilities = {
  prompt: true,
  messages: true,
  tools: true,
  stop: true,
};

export const environment: readonly EnvVariable[] = [
  {
    name: "OLLAMA_HOST",
    description: "the Ollama server, as for the ollama CLI (default 127.0.0.1:11434)",
    enables: true,
    example: "127.0.0.1:11434",
  },
];

/** Cheap and synchronous: whether the settings make sense, not whether Ollama is up. */
export function availability(env: PluginEnv): Availability {
  try {
    serverUrl(env);
    return { available: true };
  } catch (error) {
    return { available: false, reason: (error as Error).message };
  }
}

/** The factory: `--llm langchain-mini-llm-ollama:llama3.2:1b` (everything after the first colon). */
export function createLlm({ model = defaultModel, env }: CreateLlmOptions): Llm {
  const server = serverUrl(env);
  return {
    provider: "ollama",
    model,
    capabilities,
    stream(request) {
      if (request.messages) return chat(`${server}/api/chat`, model, request);
      return generate(`${server}/api/generate`, model, request);
    },
  };
}

/** OLLAMA_HOST as the ollama CLI reads it: `host:port`, or a URL. */
function serverUrl(env: PluginEnv) {
  const host = env.OLLAMA_HOST?.trim() || "127.0.0.1:11434";
  const url = URL.parse(host.includes("://") ? host : `http://${host}`);
  if (!url || !/^https?:$/.test(url.protocol)) {
    throw new LangchainMiniError(
      "config_invalid",
      `OLLAMA_HOST=${host} is not a server address: set it like 127.0.0.1:11434 or http://gpu-box:11434`,
    );
  }
  return url.href.replace(/\/$/, "");
}
