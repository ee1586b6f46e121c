import type { LlmCapabilities } from "@langchain-mini/core";

/** The Messages API takes prompts (sent as a user message), messages, tools and stop sequences. */
export const capabilities: LlmCapabilities = {
  prompt: true,
  messages: true,
  tools: true,
  stop: true,
};
