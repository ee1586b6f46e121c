import type { LlmCapabilities } from "@langchain-mini/core";

/** Plain completion only (no chat template), with stop triggers and ReAct grammars. */
export const capabilities: LlmCapabilities = {
  prompt: true,
  messages: false,
  tools: false,
  stop: true,
  constrained: true,
};
