import type { ErrorInfo } from "./errors.js";
import type { ChatMessage, FinishReason, TokenUsage, ToolCall } from "./llm.js";

/** One step the agent took: the action it chose and what the tool returned. */
export interface AgentStep {
  readonly tool: string;
  readonly input: string;
  readonly thought: string;
  readonly observation: string;
}

/**
 * How a run ended. `paused`: a call waits for a person's decision, the run's journal
 * kept, to go on when someone approves or denies it.
 */
export type RunStatus = "answered" | "stopped" | "failed" | "aborted" | "paused";

/**
 * Why an LLM call was made, when not for one of the agent's steps: memory rewriting a
 * follow-up into a standalone question, or keeping its rolling summary; or the agent
 * folding its older steps into a summary to make room in its prompt (`compaction`).
 */
export type LlmCallPurpose = "rewrite" | "summary" | "compaction";

/**
 * Why a run compacted its prompt: its estimate of the prompt plus the reply's room passed
 * the model's window (`window`), or the provider refused the prompt as too long (`provider`).
 */
export type CompactionReason = "window" | "provider";

export interface AgentResult {
  readonly status: RunStatus;
  /** Present when `status` is "answered". */
  readonly answer?: string;
  /** The question the agent worked on (the standalone question when memory rewrote it). */
  readonly question: string;
  readonly steps: readonly AgentStep[];
  readonly usage: TokenUsage;
  /**
   * What the run's LLM calls cost in US dollars, memory's included; absent when the
   * model's price is not known (or a call that used tokens had none).
   */
  readonly cost?: number;
  readonly llmCalls: number;
  readonly durationMs: number;
  /** Why there is no answer, when there is none. */
  readonly error?: ErrorInfo;
  /**
   * Set by a conversation on an answered turn: whether the turn was stored in its session.
   * False when the store refused or the write did not complete (a warning says why).
   */
  readonly saved?: boolean;
}

/**
 * Every step of a run is one of these, on one stream: the TUI, `ask`, traces and tests
 * all read it. `step` counts the agent's steps from 1: a step is one LLM call and what
 * follows it (a tool call, a format error, or the final answer).
 */
export type AgentEvent =
  | {
      readonly type: "run-start";
      readonly runId: string;
      readonly question: string;
      readonly tools: readonly string[];
      readonly maxSteps: number;
      readonly provider: string;
      readonly model: string;
    }
  | {
      /**
       * A run taken up again from its journal: the events before this one were replayed
       * from what an earlier process recorded (no LLM or tool called again), those after
       * it are live. `replayedCalls` LLM calls were not made again.
       */
      readonly type: "resumed";
      readonly replayedCalls: number;
    }
  | { readonly type: "standalone-question"; readonly original: string; readonly question: string }
  | { readonly type: "warning"; readonly message: string }
  /**
   * A line a plug-in logged, such as an MCP server's stderr: for traces, never drawn over
   * a terminal UI. Hosts write these from plug-in notices; agents do not emit them.
   */
  | { readonly type: "log"; readonly source: string; readonly message: string }
  | {
      readonly type: "llm-start";
      /** The agent's step; memory's calls (with a `purpose`) have step 0. */
      readonly step: number;
      /** Set on memory's calls; absent on the agent's own. */
      readonly purpose?: LlmCallPurpose;
      /** The whole prompt, for a prompt call. */
      readonly prompt?: string;
      /**
       * Set when `prompt` is the previous agent call's prompt of this run plus exactly this
       * text: what leaves the process carries only this, so traces grow linearly.
       */
      readonly appended?: string;
      /** The whole conversation, for a chat call. */
      readonly messages?: readonly ChatMessage[];
      /**
       * Set when all but the last `newMessages` of `messages` are the previous agent call's
       * messages, unchanged: what leaves the process carries only the new ones.
       */
      readonly newMessages?: number;
    }
  | {
      readonly type: "llm-delta";
      readonly step: number;
      readonly purpose?: LlmCallPurpose;
      readonly text: string;
    }
  | {
      readonly type: "llm-end";
      readonly step: number;
      readonly purpose?: LlmCallPurpose;
      /** The raw completion, cut at the stop sequence, before parsing. */
      readonly completion: string;
      /** The tools the model called (native tool calling), without `providerData`; absent when none. */
      readonly toolCalls?: readonly ToolCall[];
      readonly reason: FinishReason;
      readonly usage?: TokenUsage;
      /** What the call cost in US dollars, when the model's price and the usage are known. */
      readonly cost?: number;
      readonly durationMs: number;
      /** Set when the call failed or was cancelled; `completion` is then the text so far. */
      readonly error?: ErrorInfo;
    }
  | {
      readonly type: "parse-error";
      readonly step: number;
      readonly message: string;
      readonly completion: string;
    }
  | {
      readonly type: "action";
      readonly step: number;
      readonly tool: string;
      readonly input: string;
      readonly thought: string;
      /** Where the tool comes from, when it says (e.g. its MCP server). */
      readonly origin?: string;
    }
  | {
      readonly type: "tool-start";
      readonly step: number;
      readonly tool: string;
      readonly input: string;
      /** Where the tool comes from, when it says (e.g. its MCP server). */
      readonly origin?: string;
    }
  | {
      readonly type: "tool-end";
      readonly step: number;
      readonly tool: string;
      readonly origin?: string;
      readonly output: string;
      readonly durationMs: number;
      readonly error?: ErrorInfo;
    }
  | {
      /**
       * A person's decision on a tool call that needed approval (see `needsApproval` and
       * the agent's `approval` policy), before the call ran or instead of it.
       */
      readonly type: "approval";
      readonly step: number;
      readonly tool: string;
      readonly input: string;
      readonly origin?: string;
      readonly decision: "approved" | "declined";
      /** False when there was no `approve` hook to ask: the call was declined unasked. */
      readonly asked: boolean;
      /** Approved for this tool's later calls too. */
      readonly always?: true;
      /** What the user told the model when declining. */
      readonly note?: string;
    }
  | { readonly type: "observation"; readonly step: number; readonly text: string }
  | {
      /**
       * The run made room in its prompt before this step's LLM call: it cleared the oldest
       * tool results from the prompt (each leaves a line saying how to read it again), then,
       * when that was not enough, folded its oldest steps into a summary (an LLM call with
       * purpose `compaction` just before this event). The next call's prompt is whole again;
       * until the next compaction each prompt extends the one before. Results stay whole in
       * the events, the trace and the journal.
       */
      readonly type: "compaction";
      readonly step: number;
      readonly reason: CompactionReason;
      /** Tool results this compaction cleared from the prompt. */
      readonly cleared: number;
      /** Steps this compaction folded into the summary. */
      readonly summarised: number;
      /** The prompt's size in tokens before and after, as the run estimates it. */
      readonly tokensBefore: number;
      readonly tokensAfter: number;
      /** The model's context window the run keeps inside, in tokens. */
      readonly window: number;
    }
  | {
      readonly type: "final-answer";
      readonly step: number;
      readonly answer: string;
      readonly thought: string;
    }
  | { readonly type: "error"; readonly error: ErrorInfo }
  | { readonly type: "run-end"; readonly result: AgentResult };

export type AgentEventType = AgentEvent["type"];
