import type Anthropic from "@anthropic-ai/sdk";
import type { LlmRequest } from "@langchain-mini/core";
import { trailingLabel } from "./continuation.js";
import { BREAKPOINT, toAnthropicTools, toConversation } from "./messages.js";
import type { PromptBlocks } from "./prompt-blocks.js";
import type { AnthropicSettings } from "./settings.js";

type Body = Anthropic.Messages.MessageCreateParamsStreaming;

export interface PreparedRequest {
  readonly body: Body;
  /** Stop sequences the API refuses (whitespace only): the cut is then ours. */
  readonly clientStops: readonly string[];
  /** The open label a ReAct prompt ended with, for `Continuation`. */
  readonly label: string | undefined;
}

export function prepareRequest(
  request: LlmRequest,
  settings: AnthropicSettings,
  prefillTaken: boolean,
  promptBlocks: PromptBlocks,
): PreparedRequest {
  const body: Body = {
    model: settings.model,
    max_tokens: request.maxTokens ?? settings.maxTokens,
    messages: [],
    stream: true,
  };
  let label: string | undefined;
  if (request.messages) {
    const conversation = toConversation(request.messages, settings.promptCaching);
    body.messages = conversation.messages;
    if (conversation.system) body.system = conversation.system;
  } else {
    const prompt = request.prompt ?? "";
    label = trailingLabel(prompt);
    const before = label ? prompt.slice(0, -label.length) : prompt;
    const prefill = label !== undefined && prefillTaken && before.trim() !== "";
    body.messages = [
      { role: "user", content: promptContent(prefill ? before : prompt, promptBlocks, settings) },
    ];
    if (prefill && label) body.messages.push({ role: "assistant", content: label });
  }
  const tools = toAnthropicTools(request.tools);
  if (tools) body.tools = tools;
  // The API refuses empty and whitespace-only stop sequences; those are cut client-side.
  const stops = request.stop ?? [];
  const sendable = stops.filter((stop) => /\S/.test(stop));
  if (sendable.length) body.stop_sequences = [...new Set(sendable)];
  return { body, clientStops: stops.filter((stop) => !/\S/.test(stop)), label };
}

/** The prompt as text blocks split where earlier prompts ended, the last two marked for the cache. */
function promptContent(text: string, promptBlocks: PromptBlocks, settings: AnthropicSettings) {
  if (!settings.promptCaching || !text) return text;
  const blocks = promptBlocks.split(text);
  return blocks.map((block, index): Anthropic.Messages.TextBlockParam => {
    const marked = index >= blocks.length - 2;
    return marked
      ? { type: "text", text: block, cache_control: BREAKPOINT }
      : { type: "text", text: block };
  });
}
