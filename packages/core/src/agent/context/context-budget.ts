import { DEFAULT_CONTEXT_WINDOW } from "../../contracts/llm.js";

/**
 * How a run shares the model's context window, in tokens. Every figure follows from the
 * window and the output limit, so a resumed run shares it the same way.
 */
export interface ContextBudget {
  /** The model's context window: prompt and reply together. */
  readonly window: number;
  /** Output tokens each call asks for. */
  readonly maxTokens: number;
  /** The reply's room inside the window: what the prompt leaves for it. */
  readonly replyRoom: number;
  /** What the prompt may take: the window less the reply's room. */
  readonly prompt: number;
  /**
   * The most one step's tool results take in the prompt (a result over it shows its
   * beginning and end), and the most `read_result` gives at a time: an eighth of the
   * prompt's room, so that after a compaction to half the room at least four steps with
   * results of that size fit before the next one.
   */
  readonly resultShare: number;
  /** Where a compaction brings the prompt down to: half its room, so compactions are rare. */
  readonly target: number;
  /** The longest summary a compaction asks for. */
  readonly summary: number;
}

/**
 * The reply keeps at most a quarter of the window: a call's output limit (4,096 tokens by
 * default) fits a window of 16K and more as it is, and a small local model's window is
 * not spent on room for a reply a ReAct step never needs.
 */
const REPLY_SHARE = 4;

/**
 * Shares `window` (the model's, when it says; else the default) for calls that may write
 * `maxTokens`. A known window lowers the calls' output limit to the reply's room, since a
 * provider refuses a prompt and limit that pass its window together. An assumed one does
 * not: the prompt is kept inside it, but an output limit set past it is the user's to set.
 */
export function contextBudget(window: number | undefined, maxTokens: number): ContextBudget {
  const known = window !== undefined && Number.isSafeInteger(window) && window > 0;
  const tokens = known ? window : DEFAULT_CONTEXT_WINDOW;
  const replyRoom = Math.max(1, Math.min(maxTokens, Math.floor(tokens / REPLY_SHARE)));
  const prompt = tokens - replyRoom;
  return {
    window: tokens,
    maxTokens: known ? replyRoom : maxTokens,
    replyRoom,
    prompt,
    resultShare: Math.max(64, Math.floor(prompt / 8)),
    target: Math.floor(prompt / 2),
    summary: Math.max(64, Math.min(replyRoom, Math.floor(prompt / 8))),
  };
}
