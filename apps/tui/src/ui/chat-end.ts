import type { ConversationEntry } from "./state/ui-state.js";

/** What the chat hands back when the user quits. */
export interface ChatEnd {
  readonly status: number;
  /** The conversation as it stood, for the transcript left in the scrollback. */
  readonly conversation: readonly ConversationEntry[];
}

export function isChatEnd(value: unknown): value is ChatEnd {
  return typeof value === "object" && value !== null && "conversation" in value;
}
