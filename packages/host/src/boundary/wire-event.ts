import type { AgentEvent, ChatMessage } from "@langchain-mini/core";

type LlmStart = Extract<AgentEvent, { readonly type: "llm-start" }>;

/**
 * An LLM call's start as it leaves the process: the agent's event in its delta form. An
 * agent call whose prompt extends the previous agent call's carries only what it added
 * (`appended` without `prompt`, or `appendedMessages` without `messages`); a first call,
 * memory's calls (with a `purpose`) and traces written before the delta form carry the
 * whole `prompt` (or `messages`), which wins over the delta when present.
 */
export interface WireLlmStart extends Omit<LlmStart, "newMessages"> {
  /** Without `messages`: the previous agent call's messages plus these. */
  readonly appendedMessages?: readonly ChatMessage[];
}

/**
 * One event as `--json` writes it and a trace line holds it (with `timeMs`): every
 * event as the agent emits it, secrets blanked, and the LLM call's start in its delta form.
 */
export type WireEvent = Exclude<AgentEvent, { readonly type: "llm-start" }> | WireLlmStart;
