import type Anthropic from "@anthropic-ai/sdk";

export type ThinkingBlock =
  | Anthropic.Messages.ThinkingBlockParam
  | Anthropic.Messages.RedactedThinkingBlockParam;

/** Turns are remembered for one run's worth of tool calls, and a batch's. */
const REMEMBERED = 256;

/**
 * Claude models that think (Claude 5 models do by default) open a turn with thinking
 * blocks, and when that turn calls tools the API wants those blocks back, unchanged and
 * signed, before its `tool_use` blocks in the next request. Core's messages carry text
 * and tool calls only, so the provider keeps the blocks, keyed by the turn's first tool
 * call id (unique per call), and puts them back when that turn is sent again.
 */
export class ThinkingMemory {
  readonly #turns = new Map<string, readonly ThinkingBlock[]>();

  remember(toolCallId: string, blocks: readonly ThinkingBlock[]) {
    if (blocks.length === 0 || !toolCallId) return;
    this.#turns.set(toolCallId, blocks);
    if (this.#turns.size > REMEMBERED) {
      const oldest = this.#turns.keys().next().value;
      if (oldest !== undefined) this.#turns.delete(oldest);
    }
  }

  recall(toolCallId: string): ThinkingBlock[] {
    return [...(this.#turns.get(toolCallId) ?? [])];
  }
}
