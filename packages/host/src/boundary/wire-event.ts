import type { AgentEvent, ChatMessage, LlmCallPurpose } from "@langchain-mini/core";

/**
 * An LLM call's start as it leaves the process. An agent call whose prompt extends the
 * previous agent call's carries only what it added (`appended`, or `appendedMessages`);
 * a first call, memory's calls (with a `purpose`) and traces written before the delta
 * form carry the whole `prompt` (or `messages`).
 */
export interface WireLlmStart {
  readonly type: "llm-start";
  readonly step: number;
  readonly purpose?: LlmCallPurpose;
  /** The whole prompt. When present it wins over `appended`. */
  readonly prompt?: string;
  /** Without `prompt`: the previous agent call's prompt plus exactly this text. */
  readonly appended?: string;
  /** The whole conversation. When present it wins over `appendedMessages`. */
  readonly messages?: readonly ChatMessage[];
  /** Without `messages`: the previous agent call's messages plus these. */
  readonly appendedMessages?: readonly ChatMessage[];
}

/**
 * One event as `--json` writes it and a trace line holds it (with `timeMs`): every
 * event as the agent emits it, secrets blanked, and the LLM call's start in its delta form.
 */
export type WireEvent = Exclude<AgentEvent, { readonly type: "llm-start" }> | WireLlmStart;
