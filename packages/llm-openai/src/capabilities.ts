import type { LlmCapabilities } from "@langchain-mini/core";

/** Chat completions take prompts (sent as one user message), messages, tools and `stop`. */
export const capabilities: LlmCapabilities = {
  prompt: true,
  messages: true,
  tools: true,
  stop: true,
};
