import type { AgentEvent, ChatMessage } from "@langchain-mini/core";
import type { WireEvent } from "./wire-event.js";

/**
 * Turns wire events (a trace's lines, `--json` output) back into agent events with every
 * LLM call's whole prompt or conversation, for whatever shows prompts: `--verbose`,
 * replay and the prompt inspector. Old traces, which carry whole prompts, pass through.
 * One rebuilder per stream of events, read in order.
 */
export function createPromptRebuilder(): (event: WireEvent) => AgentEvent {
  // The previous agent call's prompt and messages: memory's calls are not part of them.
  let prompt = "";
  let messages: readonly ChatMessage[] = [];
  return (event) => {
    if (event.type !== "llm-start") return event;
    const { appendedMessages, ...start } = event;
    if (start.purpose) return start;
    if (start.messages) {
      messages = start.messages;
      return start;
    }
    if (appendedMessages) {
      messages = [...messages, ...appendedMessages];
      return { ...start, messages, newMessages: appendedMessages.length };
    }
    if (start.prompt !== undefined) {
      prompt = start.prompt;
      return start;
    }
    // Concatenation shares the earlier text: a long run's prompts stay linear in memory
    // until one of them is shown.
    prompt += start.appended ?? "";
    return { ...start, prompt };
  };
}
