import type { LlmCapabilities } from "@langchain-mini/core";

/**
 * Gemini continues a prompt (sent as one user turn), takes messages and native function
 * calls, and takes up to five stop sequences (any more are cut client-side).
 */
export const capabilities: LlmCapabilities = {
  prompt: true,
  messages: true,
  tools: true,
  stop: true,
};
